import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { reviews } from '../db/schema/reviews';
import type { PlatformReview } from '../platforms/reviews';
import type { ReviewRow } from './review-dto';
import type { ReviewPlatform } from './shared/review-constants';

export type ReviewOwner = { organizationId: string; teamId: string; socialAccountId: string; platform: ReviewPlatform };

/** The stored copy of what the platform says about a review; the platform is the authority on every field. */
export function reviewFields(item: PlatformReview) {
  return {
    openGraphStoryId: item.openGraphStoryId,
    reviewerDisplayName: item.reviewerName,
    reviewerProfilePhotoUrl: item.reviewerPhotoUrl,
    rating: item.rating,
    recommendationValue: item.recommendationValue,
    comment: item.comment,
    hasMedia: item.hasMedia,
    mediaSummary: item.mediaSummary,
    replyComment: item.reply?.comment ?? null,
    replyExternalId: item.reply?.externalId ?? null,
    replyUpdatedAt: item.reply?.updatedAt ?? null,
    replyState: item.reply?.state ?? null,
    replyPolicyViolation: item.reply?.policyViolation ?? null,
    replyUrl: item.reply?.url ?? null,
    createTime: item.createTime,
    updateTime: item.updateTime,
    deletedAt: null,
  };
}

/**
 * An import's page, newest first: known reviews are refreshed (free), unknown ones stored as new
 * and counted toward the monthly meter (`countedAt`) until `countNew` is reached; the walk stops
 * at the first new review past that (`stoppedAt`), so the next run starts there.
 */
export async function upsertReviews(tx: Executor, owner: ReviewOwner, items: PlatformReview[], options: { countNew: number }) {
  const known = items.length
    ? await tx
        .select({ id: reviews.id, externalId: reviews.externalId })
        .from(reviews)
        .where(
          and(
            eq(reviews.socialAccountId, owner.socialAccountId),
            inArray(
              reviews.externalId,
              items.map((item) => item.externalId),
            ),
          ),
        )
    : [];
  const knownIds = new Map(known.map((row) => [row.externalId, row.id]));
  const created: ReviewRow[] = [];
  let refreshed = 0;
  const now = new Date();
  for (const [index, item] of items.entries()) {
    const id = knownIds.get(item.externalId);
    if (id) {
      await tx
        .update(reviews)
        .set({ ...reviewFields(item), updatedAt: now })
        .where(eq(reviews.id, id));
      refreshed++;
      continue;
    }
    if (created.length >= options.countNew) return { created, refreshed, stoppedAt: index };
    const [row] = await tx
      .insert(reviews)
      .values({ ...owner, externalId: item.externalId, ...reviewFields(item), importedAt: now, countedAt: now })
      .returning();
    created.push(row!);
  }
  return { created, refreshed, stoppedAt: null };
}

/**
 * A review the platform pushed (webhook): stored or refreshed, never counted toward the import
 * meter. A webhook says nothing about the owner reply or the creation time, so an edit keeps them.
 */
export async function storeReceivedReview(tx: Executor, owner: ReviewOwner, item: PlatformReview): Promise<{ row: ReviewRow; created: boolean }> {
  const now = new Date();
  const [existing] = await tx
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.socialAccountId, owner.socialAccountId), eq(reviews.externalId, item.externalId)));
  const fields = reviewFields(item);
  if (existing) {
    const { rating, recommendationValue, comment, updateTime, reviewerDisplayName } = fields;
    const edit = { rating, recommendationValue, comment, updateTime, ...(reviewerDisplayName ? { reviewerDisplayName } : {}), deletedAt: null, updatedAt: now };
    const [row] = await tx.update(reviews).set(edit).where(eq(reviews.id, existing.id)).returning();
    return { row: row!, created: false };
  }
  const [row] = await tx
    .insert(reviews)
    .values({ ...owner, externalId: item.externalId, ...fields, importedAt: now })
    .returning();
  return { row: row!, created: true };
}

/** Writes what the platform answered after a change (reply, reply deleted, moderation moved on). */
export async function refreshStoredReview(tx: Executor, id: string, item: PlatformReview): Promise<ReviewRow> {
  const [row] = await tx
    .update(reviews)
    .set({ ...reviewFields(item), updatedAt: new Date() })
    .where(eq(reviews.id, id))
    .returning();
  return row!;
}
