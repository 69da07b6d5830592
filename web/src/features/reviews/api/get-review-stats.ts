import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';
import { reviewStatsKey } from './review-query-keys';

export type ReviewStats = ApiSchema<'ReviewStats'>;

/** The team's average rating and star distribution, over both platforms, counted by the server. */
export const reviewStatsQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: reviewStatsKey(teamId),
    queryFn: () => ok(api.GET('/misc/reviews/stats', { params: { query: { teamId } } })),
  });

export function useReviewStats(teamId: string) {
  return useQuery(reviewStatsQueryOptions(teamId));
}
