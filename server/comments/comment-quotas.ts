import { and, count, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { comments, commentTargets } from '../db/schema/comments';
import { platformQuotaUsage } from '../db/schema/usage';
import { QuotaExceededError } from '../http/errors';
import type { Plan } from '../organizations/organizations.service';
import { platformOf } from '../platforms/registry';
import { utcMonthRange } from '../posts/post-quotas';
import { usedOn, utcDay } from '../usage/daily-limits.service';

/**
 * Comments per organization and UTC calendar month in which they were counted (created as scheduled, or
 * a draft scheduled later: the month it happened, as for posts); drafts do not count, failed and deleted ones do.
 */
export const MONTHLY_COMMENT_LIMITS: Record<Plan, number> = { FREE: 50, PRO: 5_000, BUSINESS: 50_000 };

export async function monthlyCommentsUsed(db: Executor, organizationId: string, at: Date): Promise<number> {
  const { start, end } = utcMonthRange(at);
  const [row] = await db
    .select({ value: count() })
    .from(comments)
    .where(and(eq(comments.organizationId, organizationId), gte(comments.countedAt, start), lt(comments.countedAt, end)));
  return row?.value ?? 0;
}

/** Call inside the transaction that counts the comment; the organization's requests queue on a lock. */
export async function assertMonthlyCommentQuota(tx: Executor, params: { organizationId: string; plan: Plan; countedAt: Date }) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`comments-month:${params.organizationId}`}))`);
  const used = await monthlyCommentsUsed(tx, params.organizationId, params.countedAt);
  const limit = MONTHLY_COMMENT_LIMITS[params.plan];
  if (used >= limit) {
    throw new QuotaExceededError(
      `Monthly comment limit reached: ${limit} comments per month on the ${params.plan} plan (${used} used; resets on the 1st, UTC)`,
    );
  }
}

export type CommentCharge = {
  organizationId: string;
  plan: Plan;
  commentId: string;
  platform: string;
  externalAccountId: string;
  accountName: string;
  postDate: Date;
};

/** Charges a comment to the real platform account's daily comment quota (UTC day of its date). Idempotent per comment and account. */
export async function chargeDailyCommentQuota(tx: Executor, charge: CommentCharge): Promise<void> {
  const day = utcDay(charge.postDate);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`comments-day:${charge.platform}:${charge.externalAccountId}:${day}`}))`);
  const key = { organizationId: charge.organizationId, platform: charge.platform, externalAccountId: charge.externalAccountId, day };
  const [already] = await tx
    .select({ id: platformQuotaUsage.id })
    .from(platformQuotaUsage)
    .where(and(eq(platformQuotaUsage.kind, 'COMMENT'), eq(platformQuotaUsage.itemId, charge.commentId), eq(platformQuotaUsage.platform, charge.platform)));
  if (already) return;
  const used = await usedOn(tx, { ...key, kind: 'COMMENT' });
  const limit = platformOf(charge.platform).dailyLimits.comments?.[charge.plan] ?? 0;
  if (used >= limit) {
    throw new QuotaExceededError(
      `Daily comment limit reached for ${charge.accountName} on ${charge.platform}: ${limit} comments per UTC day on the ${charge.plan} plan (${day} is full)`,
    );
  }
  await tx
    .insert(platformQuotaUsage)
    .values({ ...key, kind: 'COMMENT', itemId: charge.commentId })
    .onConflictDoNothing();
}

/**
 * Gives back a comment's daily quota where it was not published: unscheduled, moved or deleted
 * before publishing. A platform the comment is already on keeps its charge, whatever the others did.
 */
export async function releaseDailyCommentQuota(tx: Executor, commentId: string): Promise<void> {
  const published = tx
    .select({ platform: commentTargets.platform })
    .from(commentTargets)
    .where(and(eq(commentTargets.commentId, commentId), eq(commentTargets.status, 'POSTED')));
  await tx
    .delete(platformQuotaUsage)
    .where(and(eq(platformQuotaUsage.kind, 'COMMENT'), eq(platformQuotaUsage.itemId, commentId), notInArray(platformQuotaUsage.platform, published)));
}
