import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postsQueryKey, type Post } from '@/api/post-query-keys';
import { api, ok } from '@/lib/api-client';

export function retryPost(id: string): Promise<Post> {
  return ok(api.POST('/post/{id}/retry', { params: { path: { id } } }));
}

export function useRetryPost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retryPost, onSuccess: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }) });
}
