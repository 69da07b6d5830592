import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postsQueryKey, type Post } from './get-posts';

export function getPost(id: string): Promise<Post> {
  return api.get<Post>(`/post/${encodeURIComponent(id)}`);
}

export const postQueryOptions = (id: string) => queryOptions({ queryKey: [...postsQueryKey, 'one', id], queryFn: () => getPost(id) });

export function usePost(id: string) {
  return useSuspenseQuery(postQueryOptions(id));
}
