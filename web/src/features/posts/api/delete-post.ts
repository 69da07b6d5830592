import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postsQueryKey, type Post } from '@/api/post-query-keys';
import { api, ok } from '@/lib/api-client';

export function deletePost(id: string): Promise<Post> {
  return ok(api.DELETE('/post/{id}', { params: { path: { id } } }));
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePost, onSuccess: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }) });
}
