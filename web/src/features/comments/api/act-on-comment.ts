import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';
import { fetchedCommentsQueryKey } from '@/api/comment-query-keys';
import type { FetchedComment } from '@/api/get-fetched-comments';

export type CommentAction = ApiSchema<'CommentAction'>['action'];

export function actOnComment({ teamId, commentId, action }: { teamId: string; commentId: string; action: CommentAction }) {
  return ok(api.POST('/comment/import/comments/{commentId}/action', { params: { path: { commentId } }, body: { teamId, action } }));
}

/** Hide, like, delete… on the platform; the thread is read again after (a deleted comment leaves it). */
export function useActOnComment(comment: FetchedComment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: CommentAction) => actOnComment({ teamId: comment.teamId, commentId: comment.id, action }),
    meta: { showsError: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: fetchedCommentsQueryKey(comment.postId, comment.platform) }),
  });
}
