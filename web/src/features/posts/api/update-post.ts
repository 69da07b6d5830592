import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postsQueryKey, type Post } from '@/api/post-query-keys';
import { api, ok, type ApiSchema } from '@/lib/api-client';

export type UpdatePostInput = ApiSchema<'UpdatePost'>;

export function updatePost({ id, ...changes }: UpdatePostInput & { id: string }): Promise<Post> {
  return ok(api.PATCH('/post/{id}', { params: { path: { id } }, body: changes }));
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    meta: { showsError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
}
