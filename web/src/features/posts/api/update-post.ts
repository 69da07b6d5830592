import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { UpdatePostBody } from '../../../../../server/posts/posts.schemas';
import { api } from '../../../lib/api-client';
import { postsQueryKey, type Post } from './get-posts';

export type UpdatePostInput = z.input<typeof UpdatePostBody>;

export function updatePost({ id, ...changes }: UpdatePostInput & { id: string }): Promise<Post> {
  return api.patch<Post>(`/post/${encodeURIComponent(id)}`, changes);
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    meta: { showsError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
}
