import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MAX_REPLY_LENGTH } from '@server/reviews/shared/review-constants';
import { api, ok } from '@/lib/api-client';
import type { ReviewItem } from '../lib/review-item';
import { fromGoogleReview, fromRecommendation } from './get-review-feed';
import { replaceReview } from './review-cache';

export const REPLY_MAX_LENGTH = MAX_REPLY_LENGTH;

type Save = { review: ReviewItem; text: string };

/** Creates or replaces the owner reply; the answer is the review with its new reply (and its moderation state). */
export async function saveReply(teamId: string, { review, text }: Save): Promise<ReviewItem> {
  const body = { teamId, comment: text };
  if (review.source === 'GOOGLE_BUSINESS') {
    return fromGoogleReview(await ok(api.PUT('/misc/google-business/reviews/{reviewId}/reply', { params: { path: { reviewId: review.id } }, body })));
  }
  return fromRecommendation(
    await ok(api.PUT('/misc/facebook/recommendations/{recommendationId}/reply', { params: { path: { recommendationId: review.id } }, body })),
  );
}

export function useSaveReply(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: Save) => saveReply(teamId, save),
    onSuccess: (review) => replaceReview(queryClient, teamId, review),
  });
}
