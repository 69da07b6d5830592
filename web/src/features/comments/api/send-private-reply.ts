import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';

type PrivateReply = { teamId: string; fetchedCommentId: string; text: string };

/** A direct message to the author of a comment (one per comment): it opens a conversation in the inbox. */
export function sendPrivateReply({ teamId, fetchedCommentId, text }: PrivateReply) {
  return ok(api.POST('/conversations/private-reply', { body: { teamId, fetchedCommentId, content: { text } } }));
}

export function useSendPrivateReply() {
  return useMutation({ mutationFn: sendPrivateReply });
}
