import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postsQueryKey, type Post } from './get-posts';

export function retryPost(id: string): Promise<Post> {
  return api.post<Post>(`/post/${encodeURIComponent(id)}/retry`);
}

export function useRetryPost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retryPost, onSuccess: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }) });
}
