import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postsQueryKey, type Post } from '@/api/post-query-keys';
import { api, ok, type ApiSchema } from '@/lib/api-client';

export type CreatePostInput = ApiSchema<'CreatePost'>;

export function createPost(input: CreatePostInput): Promise<Post> {
  return ok(api.POST('/post', { body: input }));
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
