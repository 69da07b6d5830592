import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Transaction } from '../db/client';
import { socialAccounts } from '../db/schema/social-accounts';
import { recordEvent } from '../events/outbox';
import type { InboundEventRow } from '../db/schema/ingest';
import { toAnyReviewDto } from './review-dto';
import { storeReceivedReview } from './review-store';
import { REVIEW_PLATFORMS, type ReviewPlatform } from './shared/review-constants';

/** What a platform's review webhook carries once the connector normalized it. */
const ReviewPayload = z.object({
  kind: z.enum(['review.created', 'review.updated']),
  reviewId: z.string().min(1),
  rating: z.number().int().min(1).max(5).nullable().optional(),
  recommendationValue: z.enum(['RECOMMEND', 'NOT_RECOMMEND', 'UNKNOWN']).nullable().optional(),
  comment: z.string().nullable().optional(),
  reviewer: z.object({ displayName: z.string().nullable().optional(), photoUrl: z.string().nullable().optional() }).optional(),
  createTime: z.string().optional(),
  updateTime: z.string().optional(),
});

/**
 * The reviews domain's consumer of inbound events. Every new or edited review of a connected
 * location or page is stored at once, whether or not the account was ever imported (the review
 * list is live from the moment the account is connected), and announced as `review.received`
 * with its rating. Reviews that arrive this way never count toward the monthly import limit, and
 * an import that meets them later refreshes them for free. The owner reply is left as stored: a
 * reviewer's edit does not touch it.
 */
export async function consumeReviewEvent(tx: Transaction, event: InboundEventRow): Promise<void> {
  if (!(REVIEW_PLATFORMS as readonly string[]).includes(event.platform)) return;
  const parsed = ReviewPayload.safeParse(event.payload);
  if (!parsed.success) return;
  const payload = parsed.data;
  const [account] = await tx.select().from(socialAccounts).where(eq(socialAccounts.id, event.socialAccountId));
  if (!account || account.deletedAt) return;
  const platform = event.platform as ReviewPlatform;
  const updateTime = payload.updateTime ? new Date(payload.updateTime) : event.occurredAt;
  const { row, created } = await storeReceivedReview(
    tx,
    { organizationId: event.organizationId, teamId: account.teamId, socialAccountId: account.id, platform },
    {
      externalId: payload.reviewId,
      openGraphStoryId: platform === 'FACEBOOK' ? payload.reviewId : null,
      reviewerName: payload.reviewer?.displayName ?? null,
      reviewerPhotoUrl: payload.reviewer?.photoUrl ?? null,
      rating: payload.rating ?? null,
      recommendationValue: platform === 'FACEBOOK' ? (payload.recommendationValue ?? 'UNKNOWN') : null,
      comment: payload.comment ?? null,
      hasMedia: false,
      mediaSummary: null,
      reply: null,
      createTime: payload.createTime ? new Date(payload.createTime) : updateTime,
      updateTime,
    },
  );
  await recordEvent(tx, {
    organizationId: event.organizationId,
    teamId: account.teamId,
    type: 'review.received',
    data: { review: toAnyReviewDto(row), platform, socialAccountId: account.id, rating: row.rating, isNew: created },
  });
}
