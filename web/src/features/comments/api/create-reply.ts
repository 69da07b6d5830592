import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import type { ImportPlatform } from '../lib/comment-platforms';
import { postRepliesQueryKey } from '@/api/comment-query-keys';

type Reply = { teamId: string; postId: string; platform: ImportPlatform; parentId: string; text: string };

/** A reply to a fetched comment is a comment of the service: published now, on that platform only. */
export function createReply({ teamId, postId, platform, parentId, text }: Reply) {
  return ok(
    api.POST('/comment', {
      body: { teamId, internalPostId: postId, fetchedParentCommentId: parentId, socialAccountTypes: [platform], text, title: `Reply on ${platform}` },
    }),
  );
}

export function useCreateReply(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReply,
    meta: { showsError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postRepliesQueryKey(postId) }),
  });
}
