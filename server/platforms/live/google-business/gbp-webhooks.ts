import { z } from 'zod';
import type { InboundEvent, WebhookCapability } from '../../connector';
import { PlatformError } from '../../platform-error';
import { ratingOf, type GoogleReview } from './gbp-reviews';

/**
 * What our push endpoint hands the ingest path for a review notification: Google's notification
 * (`type`, `locationName`, `reviewName`, from the Pub/Sub message's data) and the review as the
 * v4 API answered it right after. The location is the account's external id (its selected channel).
 */
export const GbpReviewDelivery = z.object({
  object: z.literal('google-business-review'),
  notification: z.object({ type: z.enum(['NEW_REVIEW', 'UPDATED_REVIEW']), locationName: z.string().min(1), reviewName: z.string().min(1) }),
  review: z.object({
    name: z.string(),
    reviewId: z.string(),
    reviewer: z.object({ displayName: z.string().optional(), profilePhotoUrl: z.string().optional(), isAnonymous: z.boolean().optional() }).optional(),
    starRating: z.string().optional(),
    comment: z.string().optional(),
    createTime: z.string(),
    updateTime: z.string(),
  }),
});
export type GbpReviewDelivery = z.infer<typeof GbpReviewDelivery>;

export function gbpWebhooks(): WebhookCapability {
  return {
    parse(payload) {
      const parsed = GbpReviewDelivery.safeParse(payload);
      if (!parsed.success) {
        throw new PlatformError({
          code: 'INVALID_REQUEST',
          message: 'Unreadable Google Business notification',
          httpStatus: 400,
          meta: { platform: 'GOOGLE_BUSINESS', operation: 'webhooks.parse' },
        });
      }
      const { notification, review } = parsed.data;
      const event: InboundEvent = {
        kind: notification.type === 'NEW_REVIEW' ? 'review.created' : 'review.updated',
        // The review's version: a redelivered message (or the same change in two messages) is stored once.
        externalEventId: `${review.name}@${review.updateTime}`,
        recipientExternalId: notification.locationName,
        occurredAt: new Date(review.updateTime),
        data: {
          reviewId: review.reviewId,
          rating: ratingOf(review as Pick<GoogleReview, 'starRating'>),
          comment: review.comment ?? null,
          reviewer: {
            displayName: review.reviewer?.isAnonymous ? null : (review.reviewer?.displayName ?? null),
            photoUrl: review.reviewer?.profilePhotoUrl ?? null,
          },
          createTime: review.createTime,
          updateTime: review.updateTime,
        },
      };
      return [event];
    },
  };
}
