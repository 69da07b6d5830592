import { queryOptions, useQueries } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';
import type { AnalyticsPlatform } from '../lib/analytics-platforms';
import { postAnalyticsQueryKey } from './analytics-query-keys';

export type PostAnalyticsSnapshot = ApiSchema<'PostAnalytics'>;

export function getPostAnalytics(postId: string, platformType: AnalyticsPlatform) {
  return ok(api.GET('/analytics/post', { params: { query: { postId, platformType } } }));
}

// The generated type of `post` (nullable) does not compose; the page reads only the snapshots.
export type PostAnalyticsHistory = Awaited<ReturnType<typeof getPostAnalytics>>;

export const postAnalyticsQueryOptions = (postId: string, platformType: AnalyticsPlatform) =>
  queryOptions({ queryKey: postAnalyticsQueryKey(postId, platformType), queryFn: () => getPostAnalytics(postId, platformType) });

/** One history per platform, fetched side by side. */
export function usePostAnalytics(postId: string, platforms: readonly AnalyticsPlatform[]) {
  return useQueries({ queries: platforms.map((platform) => postAnalyticsQueryOptions(postId, platform)) });
}
