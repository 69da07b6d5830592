import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import { lowRatingCountKey } from './review-query-keys';

/** Per platform: unanswered 1–2 star items, and the account's monthly import cap and what is left of it. */
export type SourceSummary = { lowRating: number; limit: number; remaining: number };
export type ReviewSummary = { google: SourceSummary; facebook: SourceSummary; lowRating: number };

// One item is enough: the answer's `total` counts the filter's matches and the capacity is the account's.
const LOW_RATING = { rating: '1,2', replied: 'false', limit: 1 } as const;

export async function getReviewSummary(teamId: string): Promise<ReviewSummary> {
  const [google, facebook] = await Promise.all([
    ok(api.GET('/misc/google-business/reviews', { params: { query: { teamId, ...LOW_RATING } } })),
    ok(api.GET('/misc/facebook/recommendations', { params: { query: { teamId, ...LOW_RATING } } })),
  ]);
  const summary = (page: { total: number; limit: number; remainingCapacity: number }) => ({
    lowRating: page.total,
    limit: page.limit,
    remaining: page.remainingCapacity,
  });
  return { google: summary(google), facebook: summary(facebook), lowRating: google.total + facebook.total };
}

export const reviewSummaryQueryOptions = (teamId: string) => queryOptions({ queryKey: lowRatingCountKey(teamId), queryFn: () => getReviewSummary(teamId) });

export function useReviewSummary(teamId: string | undefined) {
  return useQuery({ ...reviewSummaryQueryOptions(teamId ?? ''), enabled: !!teamId });
}
