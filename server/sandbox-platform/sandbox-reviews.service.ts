import { and, asc, count, desc, eq } from 'drizzle-orm';
import { sandboxReviews } from '../db/schema/reviews';
import { BadRequestError, NotFoundError } from '../http/errors';
import { platformOf } from '../platforms/registry';
import { randomPerson } from '../platforms/sandbox-connector/names';
import { addThreadComment, ensureSeededReviews, insertReviews, writeReview } from '../platforms/sandbox-connector/review-world';
import { digits } from '../platforms/platform-definition';
import type { AppServices } from '../services';
import { emit, sandboxAccount } from './sandbox.service';

/** The location or page behind an account with reviews, its history seeded on first look. */
export async function reviewPlace(services: AppServices, input: { organizationId: string; socialAccountId: string }) {
  const { account, profile } = await sandboxAccount(services, input);
  if (!platformOf(account.type).supports.reviews) throw new BadRequestError(`${platformOf(account.type).label} has no reviews in this service`);
  if (!account.externalId || !account.selectedChannelId) throw new BadRequestError('Select the location or page first: reviews are about it');
  await ensureSeededReviews(services.db, profile, account.externalId);
  return { account, profile, placeExternalId: account.externalId };
}

/** Adds reviews to the platform's history quietly (no webhook), as if written before the service looked. */
export async function addSandboxReviews(
  services: AppServices,
  input: { organizationId: string; socialAccountId: string; rating: number | null; comment?: string; reviewerName?: string; createdAt?: string; count: number },
) {
  const { profile, placeExternalId } = await reviewPlace(services, input);
  // A minute apart, going back from `createdAt` (or now): the newest first, as a listing shows them.
  const start = input.createdAt ? new Date(input.createdAt).getTime() : Date.now();
  const items = Array.from({ length: input.count }, (_, index) => ({
    rating: input.rating,
    comment: input.comment ?? null,
    reviewerName: input.reviewerName ?? randomPerson().name,
    createdAt: new Date(start - index * 60_000),
  }));
  return insertReviews(services.db, profile, placeExternalId, items);
}

export async function listSandboxReviews(services: AppServices, input: { organizationId: string; socialAccountId: string; offset: number; limit: number }) {
  const { profile, placeExternalId } = await reviewPlace(services, input);
  const where = and(eq(sandboxReviews.profileId, profile.id), eq(sandboxReviews.placeExternalId, placeExternalId));
  const [items, [total]] = await Promise.all([
    services.db
      .select()
      .from(sandboxReviews)
      .where(where)
      .orderBy(desc(sandboxReviews.createTime), asc(sandboxReviews.id))
      .offset(input.offset)
      .limit(input.limit),
    services.db.select({ value: count() }).from(sandboxReviews).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}

/** Someone posts a review (or edits theirs) on the platform: stored in the world, then the platform's webhook. */
export async function emitSandboxReview(
  services: AppServices,
  input: { organizationId: string; socialAccountId: string; reviewId?: string; rating: number; comment?: string; reviewerName?: string },
) {
  const { account, profile, placeExternalId } = await reviewPlace(services, input);
  const reviewerName = input.reviewerName ?? randomPerson().name;
  if (input.reviewId) {
    const [known] = await services.db
      .select({ id: sandboxReviews.id })
      .from(sandboxReviews)
      .where(and(eq(sandboxReviews.profileId, profile.id), eq(sandboxReviews.externalId, input.reviewId)));
    if (!known) throw new NotFoundError('Review');
  }
  const { review, created } = await writeReview(services.db, {
    profile,
    placeExternalId,
    externalId: input.reviewId,
    rating: input.rating,
    comment: input.comment ?? null,
    reviewerName,
  });
  return emit(services, account, created ? 'review.created' : 'review.updated', {
    reviewId: review.externalId,
    starRating: review.rating ? ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'][review.rating - 1] : null,
    rating: review.rating,
    recommendationValue: review.recommendationValue,
    comment: review.comment,
    reviewer: { displayName: review.reviewerName },
    createTime: review.createTime.toISOString(),
    updateTime: review.updateTime.toISOString(),
  });
}

/** Someone comments under a Facebook recommendation. */
export async function commentOnSandboxRecommendation(
  services: AppServices,
  input: { organizationId: string; socialAccountId: string; reviewId: string; text: string; authorName?: string },
) {
  const { profile } = await reviewPlace(services, input);
  if (profile.platform !== 'FACEBOOK') throw new BadRequestError('Only Facebook recommendations have comment threads');
  const [review] = await services.db
    .select()
    .from(sandboxReviews)
    .where(and(eq(sandboxReviews.profileId, profile.id), eq(sandboxReviews.externalId, input.reviewId)));
  if (!review) throw new NotFoundError('Recommendation');
  return addThreadComment(services.db, review, {
    parentId: null,
    authorExternalId: digits(16),
    authorName: input.authorName ?? randomPerson().name,
    text: input.text,
    owner: false,
  });
}
