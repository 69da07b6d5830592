import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { postQueryKey, type Post } from '@/api/post-query-keys';
import { api, ok } from '@/lib/api-client';

export function getPost(id: string): Promise<Post> {
  return ok(api.GET('/post/{id}', { params: { path: { id } } }));
}

export const postQueryOptions = (id: string) => queryOptions({ queryKey: postQueryKey(id), queryFn: () => getPost(id) });

export function usePost(id: string) {
  return useSuspenseQuery(postQueryOptions(id));
}
