import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, ok } from '../../../lib/api-client';
import type { ReviewItem } from '../lib/review-item';
import { fromGoogleReview } from './get-review-feed';
import { replaceReview } from './review-cache';
import { reviewsQueryKey } from './review-query-keys';

// Google moderates an owner reply within minutes; the row on screen asks again until it is decided.
const PENDING_POLL_MS = 5000;

/** While a reply on screen waits for moderation, reads its review again until it is live or rejected. */
export function useWatchPendingReply(teamId: string, review: ReviewItem) {
  const queryClient = useQueryClient();
  const pending = review.source === 'GOOGLE_BUSINESS' && review.reply?.state === 'PENDING';
  const { data } = useQuery({
    queryKey: [...reviewsQueryKey, 'one', review.id],
    queryFn: async () => fromGoogleReview(await ok(api.GET('/misc/google-business/reviews/{reviewId}', { params: { path: { reviewId: review.id }, query: { teamId } } }))),
    enabled: pending,
    refetchInterval: PENDING_POLL_MS,
    initialData: review,
    initialDataUpdatedAt: Date.now(),
  });
  useEffect(() => {
    if (pending && data && data.reply?.state !== 'PENDING') replaceReview(queryClient, teamId, data);
  }, [pending, data, queryClient, teamId]);
}
