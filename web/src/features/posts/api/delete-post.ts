import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postsQueryKey, type Post } from './get-posts';

export function deletePost(id: string): Promise<Post> {
  return api.delete<Post>(`/post/${encodeURIComponent(id)}`);
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePost, onSuccess: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }) });
}
