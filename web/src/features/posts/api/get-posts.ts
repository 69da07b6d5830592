import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PostListQuery, PostSchema } from '../../../../../server/posts/posts.schemas';
import { api } from '../../../lib/api-client';
import { registerLiveInvalidation } from '../../../lib/live-events';

export type Post = z.infer<typeof PostSchema>;
export type PostList = { items: Post[]; total: number };
export type PostFilters = Omit<Partial<z.input<typeof PostListQuery>>, 'teamId' | 'platforms'> & { teamId: string; platforms?: string[] };

export function getPosts({ platforms, ...filters }: PostFilters): Promise<PostList> {
  return api.get<PostList>('/post', { query: { ...filters, platforms: platforms?.length ? platforms.join(',') : undefined } });
}

/** Every post query (lists, single posts, the calendar's) sits under this key. */
export const postsQueryKey = ['posts'] as const;

// A post published, failed or changed anywhere refreshes what is on screen.
registerLiveInvalidation('post.*', () => [postsQueryKey]);

const ACTIVE: Post['status'][] = ['PROCESSING', 'RETRYING'];

/** True while a post on screen is about to change by itself: due within the next minutes, or being published. */
export function isSettling(posts: Post[]): boolean {
  const soon = Date.now() + 5 * 60_000;
  return posts.some((post) => ACTIVE.includes(post.status) || (post.status === 'SCHEDULED' && Date.parse(post.postDate) <= soon));
}

export const postsQueryOptions = (filters: PostFilters) =>
  queryOptions({
    queryKey: [...postsQueryKey, 'list', filters],
    queryFn: () => getPosts(filters),
    placeholderData: keepPreviousData,
    // Live events announce publishing; polling covers a stream that is down while something is due.
    refetchInterval: (query) => (query.state.data && isSettling(query.state.data.items) ? 5_000 : false),
  });

export function usePosts(filters: PostFilters) {
  return useQuery(postsQueryOptions(filters));
}
