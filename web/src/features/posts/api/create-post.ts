import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreatePostBody } from '../../../../../server/posts/posts.schemas';
import { api } from '../../../lib/api-client';
import { postsQueryKey, type Post } from './get-posts';

export type CreatePostInput = z.input<typeof CreatePostBody>;

export function createPost(input: CreatePostInput): Promise<Post> {
  return api.post<Post>('/post', input);
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    // The composer shows the API's issues on the platform tab and field they are about.
    meta: { showsError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
}
