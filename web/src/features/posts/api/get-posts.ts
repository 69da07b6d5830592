import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { postListsQueryKey, type Post, type PostPage } from '@/api/post-query-keys';
import { api, ok } from '@/lib/api-client';
import type { operations } from '@/lib/api-schema.gen';

export type { Post } from '@/api/post-query-keys';
export type PostList = PostPage;
type PostListQuery = NonNullable<operations['listPosts']['parameters']['query']>;
export type PostFilters = Omit<PostListQuery, 'teamId'> & { teamId: string };

export function getPosts({ platforms, ...filters }: PostFilters): Promise<PostList> {
  // Sent as `platforms=A&platforms=B`, which the API reads like `platforms=A,B`.
  return ok(api.GET('/post', { params: { query: { ...filters, platforms: platforms?.length ? platforms : undefined } } }));
}

const ACTIVE: Post['status'][] = ['PROCESSING', 'RETRYING'];

/** True while a post on screen is about to change by itself: due within the next minutes, or being published. */
export function isSettling(posts: Post[]): boolean {
  const soon = Date.now() + 5 * 60_000;
  return posts.some((post) => ACTIVE.includes(post.status) || (post.status === 'SCHEDULED' && Date.parse(post.postDate) <= soon));
}

export const postsQueryOptions = (filters: PostFilters) =>
  queryOptions({
    queryKey: [...postListsQueryKey, filters],
    queryFn: () => getPosts(filters),
    placeholderData: keepPreviousData,
    // Live events announce publishing; polling covers a stream that is down while something is due.
    refetchInterval: (query) => (query.state.data && isSettling(query.state.data.items) ? 5_000 : false),
  });

export function usePosts(filters: PostFilters) {
  return useQuery(postsQueryOptions(filters));
}
