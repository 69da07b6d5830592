import { and, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { SocialAccountRow } from '../accounts/account-record';
import { connectorEnv, withCredentials } from '../accounts/credentials';
import type { Executor } from '../db/client';
import { reviews } from '../db/schema/reviews';
import { socialAccounts } from '../db/schema/social-accounts';
import { recordEvent } from '../events/outbox';
import { likePattern } from '../http/pagination';
import { AppError, BadRequestError, NotFoundError } from '../http/errors';
import { asClientError } from '../platform-actions/platform-actions.service';
import { PlatformError } from '../platforms/platform-error';
import type { ReviewsCapability } from '../platforms/reviews';
import type { AppServices } from '../services';
import { getTeam } from '../teams/teams.service';
import { refreshReviewReplyJob } from './reviews.jobs';
import { toAnyReviewDto, type ReviewRow } from './review-dto';
import { reviewAccount } from './review-imports.service';
import { monthlyReviewLimit, reviewCapacity } from './review-quota';
import { refreshStoredReview } from './review-store';
import type { ReviewListQuery, ReviewStatsQuery, SearchKeywordsQuery } from './reviews.schemas';
import { STAR_RATINGS, type ReviewPlatform } from './shared/review-constants';

type Scope = { organizationId: string };

/*
 * A reply the platform's moderation rejected is not shown to anyone: the review still waits for an
 * answer. `replied` (and so the low-rating count and the "Not replied" view) reads it that way.
 */
const answered = and(isNotNull(reviews.replyComment), or(isNull(reviews.replyState), ne(reviews.replyState, 'REJECTED')));
const notAnswered = or(isNull(reviews.replyComment), eq(reviews.replyState, 'REJECTED'));

/** The team's stored reviews of a platform, newest first, with the monthly cap and what is left of it. */
export async function listReviews(db: Executor, scope: Scope & { platform: ReviewPlatform }, query: z.infer<typeof ReviewListQuery>) {
  await getTeam(db, { organizationId: scope.organizationId, id: query.teamId });
  const conditions: (SQL | undefined)[] = [
    eq(reviews.organizationId, scope.organizationId),
    eq(reviews.teamId, query.teamId),
    eq(reviews.platform, scope.platform),
    isNull(reviews.deletedAt),
    query.socialAccountId ? eq(reviews.socialAccountId, query.socialAccountId) : undefined,
    query.rating ? inArray(reviews.rating, query.rating) : undefined,
    query.replied === undefined ? undefined : query.replied ? answered : notAnswered,
    query.from ? gte(reviews.createTime, query.from) : undefined,
    query.to ? lt(reviews.createTime, query.to) : undefined,
    query.q
      ? or(
          ilike(reviews.comment, likePattern(query.q)),
          ilike(reviews.replyComment, likePattern(query.q)),
          ilike(reviews.reviewerDisplayName, likePattern(query.q)),
        )
      : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total], account] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(desc(reviews.createTime), desc(reviews.id))
      .offset(query.offset ?? 0)
      .limit(query.limit),
    db.select({ value: count() }).from(reviews).where(where),
    accountFor(db, { ...scope, teamId: query.teamId, socialAccountId: query.socialAccountId }),
  ]);
  const capacity = account
    ? await reviewCapacity(db, { organizationId: scope.organizationId, socialAccountId: account.id })
    : { limit: await monthlyReviewLimit(db, scope.organizationId), remaining: 0 };
  return { rows, total: total?.value ?? 0, limit: capacity.limit, remainingCapacity: capacity.remaining };
}

/** Average and per-star counts of the team's stored (not deleted) reviews, in one grouped query. */
export async function reviewStats(db: Executor, scope: Scope, query: z.infer<typeof ReviewStatsQuery>) {
  await getTeam(db, { organizationId: scope.organizationId, id: query.teamId });
  const rows = await db
    .select({ rating: reviews.rating, value: count() })
    .from(reviews)
    .where(
      and(
        eq(reviews.organizationId, scope.organizationId),
        eq(reviews.teamId, query.teamId),
        query.platform ? eq(reviews.platform, query.platform) : undefined,
        isNull(reviews.deletedAt),
      ),
    )
    .groupBy(reviews.rating);
  const distribution = { ONE: 0, TWO: 0, THREE: 0, FOUR: 0, FIVE: 0 };
  let total = 0;
  let rated = 0;
  let stars = 0;
  for (const row of rows) {
    total += row.value;
    const name = row.rating === null ? undefined : STAR_RATINGS[row.rating - 1];
    if (!name) continue;
    distribution[name] += row.value;
    rated += row.value;
    stars += row.rating! * row.value;
  }
  return { total, rated, averageRating: rated ? Math.round((stars / rated) * 100) / 100 : null, distribution };
}

/** The account the capacity figures are about: the one asked for, else the team's account of the platform. */
async function accountFor(db: Executor, params: Scope & { teamId: string; platform: ReviewPlatform; socialAccountId?: string }) {
  const [row] = await db
    .select()
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.organizationId, params.organizationId),
        eq(socialAccounts.teamId, params.teamId),
        eq(socialAccounts.type, params.platform),
        isNull(socialAccounts.deletedAt),
        params.socialAccountId ? eq(socialAccounts.id, params.socialAccountId) : undefined,
      ),
    );
  return row ?? null;
}

export async function getStoredReview(db: Executor, scope: Scope & { teamId: string; id: string; platform: ReviewPlatform }): Promise<ReviewRow> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(
      and(
        eq(reviews.organizationId, scope.organizationId),
        eq(reviews.teamId, scope.teamId),
        eq(reviews.id, scope.id),
        eq(reviews.platform, scope.platform),
        isNull(reviews.deletedAt),
      ),
    );
  if (!row) throw new NotFoundError(scope.platform === 'FACEBOOK' ? 'Recommendation' : 'Review');
  return row;
}

/** One review; while its reply is in moderation the platform is asked again, so the state is current. */
export async function getReview(services: AppServices, scope: Scope & { teamId: string; id: string; platform: ReviewPlatform }) {
  const row = await getStoredReview(services.db, scope);
  if (row.replyState !== 'PENDING') return row;
  try {
    return await refreshFromPlatform(services, row);
  } catch (error) {
    // The stored copy is still a correct answer while the platform cannot be reached.
    if (error instanceof PlatformError) return row;
    throw error;
  }
}

async function placeCall<T>(
  services: AppServices,
  row: ReviewRow,
  call: (capability: ReviewsCapability, credentials: Parameters<ReviewsCapability['get']>[1], account: SocialAccountRow) => Promise<T>,
) {
  const [account] = await services.db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.id, row.socialAccountId), isNull(socialAccounts.deletedAt)));
  if (!account?.externalId) throw new BadRequestError('The account of this review is no longer connected');
  try {
    return await withCredentials(services, account, (connector, credentials) => {
      if (!connector.reviews) throw new BadRequestError(`${account.type} has no reviews`);
      return call(connector.reviews, credentials, account);
    });
  } catch (error) {
    throw asClientError(error);
  }
}

/** Reads the review again from the platform; a moderation decision is stored and announced. */
async function refreshFromPlatform(services: AppServices, row: ReviewRow) {
  const item = await placeCall(services, row, (reviews, credentials, account) =>
    reviews.get(connectorEnv(services), credentials, { externalId: account.externalId! }, { externalId: row.externalId }),
  );
  return services.db.transaction(async (tx) => {
    const updated = await refreshStoredReview(tx, row.id, item);
    const decided = updated.replyState !== row.replyState || updated.replyComment !== row.replyComment || updated.replyUrl !== row.replyUrl;
    if (decided) await announceReply(tx, updated);
    return updated;
  });
}

/**
 * `review.reply.updated`, in the transaction that stores the change: a reply saved or deleted, or
 * the platform's moderation deciding on it. Dashboards on the list see it move without asking
 * the platform themselves; the service follows the moderation (refresh-review-reply).
 */
async function announceReply(tx: Executor, row: ReviewRow) {
  await recordEvent(tx, {
    organizationId: row.organizationId,
    teamId: row.teamId,
    type: 'review.reply.updated',
    data: { review: toAnyReviewDto(row), platform: row.platform, socialAccountId: row.socialAccountId, replyState: row.replyComment ? row.replyState : null },
  });
}

/** How long, and how often, the service follows a reply through moderation. */
const MODERATION_CHECKS_MS = [5_000, 15_000, 60_000, 5 * 60_000, 30 * 60_000];

export async function replyToReview(services: AppServices, scope: Scope & { teamId: string; id: string; platform: ReviewPlatform; comment: string }) {
  const row = await getStoredReview(services.db, scope);
  const item = await placeCall(services, row, (reviews, credentials, account) =>
    reviews.reply(connectorEnv(services), credentials, { externalId: account.externalId! }, { externalId: row.externalId }, scope.comment),
  );
  return services.db.transaction(async (tx) => {
    const updated = await refreshStoredReview(tx, row.id, item);
    await announceReply(tx, updated);
    if (updated.replyState === 'PENDING') {
      await services.jobs.send(
        refreshReviewReplyJob,
        { reviewId: row.id, check: 0 },
        { executor: tx, startAfter: new Date(Date.now() + MODERATION_CHECKS_MS[0]!) },
      );
    }
    return updated;
  });
}

export async function deleteReviewReply(services: AppServices, scope: Scope & { teamId: string; id: string; platform: ReviewPlatform }) {
  const row = await getStoredReview(services.db, scope);
  if (!row.replyComment) throw new NotFoundError('Owner reply');
  const item = await placeCall(services, row, (reviews, credentials, account) =>
    reviews.deleteReply(connectorEnv(services), credentials, { externalId: account.externalId! }, { externalId: row.externalId }),
  );
  return services.db.transaction(async (tx) => {
    const updated = await refreshStoredReview(tx, row.id, item);
    await announceReply(tx, updated);
    return updated;
  });
}

/** The job that follows a PENDING reply until the platform approves or rejects it (backing off). */
export async function followReplyModeration(services: AppServices, payload: { reviewId: string; check: number }) {
  const [row] = await services.db.select().from(reviews).where(eq(reviews.id, payload.reviewId));
  if (!row || row.deletedAt || row.replyState !== 'PENDING') return;
  let updated: ReviewRow;
  try {
    updated = await refreshFromPlatform(services, row);
  } catch (error) {
    if (!(error instanceof PlatformError) && !(error instanceof AppError)) throw error;
    updated = row;
  }
  const next = MODERATION_CHECKS_MS[payload.check + 1];
  if (updated.replyState === 'PENDING' && next !== undefined) {
    await services.jobs.send(refreshReviewReplyJob, { reviewId: row.id, check: payload.check + 1 }, { startAfter: new Date(Date.now() + next) });
  }
}

export async function listRecommendationComments(services: AppServices, scope: Scope & { teamId: string; id: string }) {
  const row = await getStoredReview(services.db, { ...scope, platform: 'FACEBOOK' });
  const comments = await placeCall(services, row, (reviews, credentials, account) =>
    reviews.comments(connectorEnv(services), credentials, { externalId: account.externalId! }, { externalId: row.externalId }),
  );
  return {
    comments: comments.map((comment) => ({
      id: comment.externalId,
      recommendationId: row.id,
      rootObjectId: row.openGraphStoryId ?? row.externalId,
      parentCommentId: comment.externalParentId,
      authorName: comment.authorName,
      authorExternalId: comment.authorExternalId,
      authorAvatarUrl: comment.authorAvatarUrl,
      text: comment.text,
      likesCount: comment.likesCount,
      repliesCount: comment.repliesCount,
      canReply: comment.canReply,
      createdTime: comment.createdAt.toISOString(),
    })),
    total: comments.length,
  };
}

export async function replyToRecommendationComment(services: AppServices, scope: Scope & { teamId: string; id: string; commentId: string; comment: string }) {
  const row = await getStoredReview(services.db, { ...scope, platform: 'FACEBOOK' });
  const created = await placeCall(services, row, (reviews, credentials, account) =>
    reviews.replyToComment(
      connectorEnv(services),
      credentials,
      { externalId: account.externalId! },
      { externalId: row.externalId },
      { externalId: scope.commentId },
      scope.comment,
    ),
  );
  return { id: created.externalId };
}

export async function searchKeywords(services: AppServices, scope: Scope, query: z.infer<typeof SearchKeywordsQuery>) {
  const account = await reviewAccount(services.db, { ...scope, teamId: query.teamId, platform: 'GOOGLE_BUSINESS' });
  try {
    const all = await withCredentials(services, account, (connector, credentials) => {
      if (!connector.reviews) throw new BadRequestError('Google Business has no search keywords here');
      return connector.reviews.searchKeywords(connectorEnv(services), credentials, { externalId: account.externalId! }, query);
    });
    const start = query.pageToken ? Number.parseInt(query.pageToken, 10) : 0;
    if (!Number.isInteger(start) || start < 0) throw new BadRequestError('Invalid pageToken');
    const page = all.slice(start, start + query.pageSize);
    const next = start + query.pageSize < all.length ? String(start + query.pageSize) : undefined;
    return {
      location: account.externalId!,
      range: { startMonth: query.startMonth, endMonth: query.endMonth },
      searchKeywords: page.map((entry) => ({ searchKeyword: entry.keyword, value: entry.value, threshold: entry.threshold })),
      ...(next ? { nextPageToken: next } : {}),
    };
  } catch (error) {
    throw asClientError(error);
  }
}
