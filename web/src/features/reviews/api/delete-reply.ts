import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import type { ReviewItem } from '../lib/review-item';
import { fromGoogleReview } from './get-review-feed';
import { replaceReview } from './review-cache';

/** Only Google lets an owner take a reply back through the API; a Facebook comment is edited instead. */
export const canDeleteReply = (review: ReviewItem) => review.source === 'GOOGLE_BUSINESS' && !!review.reply;

export async function deleteReply(teamId: string, review: ReviewItem): Promise<ReviewItem> {
  return fromGoogleReview(
    await ok(api.DELETE('/misc/google-business/reviews/{reviewId}/reply', { params: { path: { reviewId: review.id } }, body: { teamId } })),
  );
}

export function useDeleteReply(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // A failure is toasted (the default): the confirmation closes either way.
    mutationFn: (review: ReviewItem) => deleteReply(teamId, review),
    onSuccess: (review) => replaceReview(queryClient, teamId, review),
  });
}
