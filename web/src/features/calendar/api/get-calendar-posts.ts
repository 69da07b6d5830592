import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { calendarPostsQueryKey, type Post, type PostPage } from '@/api/post-query-keys';
import { api, ok } from '@/lib/api-client';

export type CalendarPost = Post;

// The API's page limit; a team with more posts than this in six weeks sees the first 500.
const MAX = 500;

export function getCalendarPosts(teamId: string, from: string, to: string): Promise<PostPage> {
  return ok(api.GET('/post', { params: { query: { teamId, postDateFrom: from, postDateTo: to, orderBy: 'postDate', order: 'ASC', limit: MAX } } }));
}

export const calendarPostsQueryOptions = (teamId: string, from: string, to: string) =>
  queryOptions({
    queryKey: [...calendarPostsQueryKey, teamId, from, to],
    queryFn: () => getCalendarPosts(teamId, from, to),
    placeholderData: keepPreviousData,
  });

export function useCalendarPosts(teamId: string, from: string, to: string) {
  return useQuery(calendarPostsQueryOptions(teamId, from, to));
}
