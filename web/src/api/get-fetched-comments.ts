import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';
import type { ImportPlatform } from '@server/comments/shared/comment-statuses';
import { fetchedCommentsQueryKey } from './comment-query-keys';

export type FetchedComment = ApiSchema<'FetchedComment'>;

/** The API's largest page: a post's threads are read in one go. */
const PAGE = 500;

/**
 * `comment.received` is announced only to organizations with DMs or automations, and likes or
 * edits made on the platform have no event at all: a slow poll keeps the threads current anyway.
 */
const POLL_MS = 15_000;

export function getFetchedComments(teamId: string, postId: string, platform: ImportPlatform) {
  return ok(api.GET('/comment/import/comments', { params: { query: { teamId, postId, platform, limit: PAGE } } }));
}

export const fetchedCommentsQueryOptions = (teamId: string, postId: string, platform: ImportPlatform) =>
  queryOptions({ queryKey: fetchedCommentsQueryKey(postId, platform), queryFn: () => getFetchedComments(teamId, postId, platform), refetchInterval: POLL_MS });

export function useFetchedComments(teamId: string, postId: string, platform: ImportPlatform) {
  return useQuery(fetchedCommentsQueryOptions(teamId, postId, platform));
}
