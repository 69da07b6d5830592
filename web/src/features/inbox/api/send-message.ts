import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import type { MessageContent } from '../lib/inbox-types';
import { conversationListsQueryKey, conversationQueryKey, messagesQueryKey } from '@/api/inbox-query-keys';

type Send = { conversationId: string; content: MessageContent; replyToMessageId?: string };

export function sendMessage({ conversationId, content, replyToMessageId }: Send) {
  return ok(api.POST('/conversations/{id}/messages', { params: { path: { id: conversationId } }, body: { content, replyToMessageId } }));
}

/**
 * Sends from the composer. A refused send still leaves its FAILED message in the thread, so the
 * thread reads again whatever the answer.
 */
export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<Send, 'conversationId'>) => sendMessage({ conversationId, ...input }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messagesQueryKey(conversationId) }),
        queryClient.invalidateQueries({ queryKey: conversationQueryKey(conversationId) }),
        queryClient.invalidateQueries({ queryKey: conversationListsQueryKey }),
      ]),
  });
}
