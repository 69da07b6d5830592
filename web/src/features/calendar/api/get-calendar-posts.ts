import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PostSchema } from '../../../../../server/posts/posts.schemas';
import { api } from '../../../lib/api-client';
import { registerLiveInvalidation } from '../../../lib/live-events';

export type CalendarPost = z.infer<typeof PostSchema>;

/** The shared root of every post query; a change to a post anywhere makes all of them stale. */
export const postsRootKey = ['posts'] as const;

registerLiveInvalidation('post.*', () => [postsRootKey]);

// The API's page limit; a team with more posts than this in six weeks sees the first 500.
const MAX = 500;

export function getCalendarPosts(teamId: string, from: string, to: string): Promise<{ items: CalendarPost[]; total: number }> {
  return api.get('/post', { query: { teamId, postDateFrom: from, postDateTo: to, orderBy: 'postDate', order: 'ASC', limit: MAX } });
}

export const calendarPostsQueryOptions = (teamId: string, from: string, to: string) =>
  queryOptions({
    queryKey: [...postsRootKey, 'calendar', teamId, from, to],
    queryFn: () => getCalendarPosts(teamId, from, to),
    placeholderData: keepPreviousData,
  });

export function useCalendarPosts(teamId: string, from: string, to: string) {
  return useQuery(calendarPostsQueryOptions(teamId, from, to));
}
