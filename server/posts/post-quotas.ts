import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { posts } from '../db/schema/posts';
import { platformQuotaUsage } from '../db/schema/usage';
import { QuotaExceededError } from '../http/errors';
import type { Plan } from '../organizations/organizations.service';
import { platformOf } from '../platforms/registry';
import { utcDay, usedOn } from '../usage/daily-limits.service';

/** Posts per organization and UTC calendar month, counted when a post first leaves DRAFT. */
export const MONTHLY_POST_LIMITS: Record<Plan, number> = { FREE: 20, PRO: 10_000, BUSINESS: 100_000 };

export function utcMonthRange(at: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end };
}

export async function monthlyPostsUsed(db: Executor, organizationId: string, at: Date): Promise<number> {
  const { start, end } = utcMonthRange(at);
  const [row] = await db
    .select({ value: count() })
    .from(posts)
    .where(and(eq(posts.organizationId, organizationId), gte(posts.countedAt, start), lt(posts.countedAt, end)));
  return row?.value ?? 0;
}

/** Call inside the transaction that counts the post; concurrent requests of the organization queue on a lock. */
export async function assertMonthlyPostQuota(tx: Executor, params: { organizationId: string; plan: Plan; now: Date }) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`posts-month:${params.organizationId}`}))`);
  const used = await monthlyPostsUsed(tx, params.organizationId, params.now);
  const limit = MONTHLY_POST_LIMITS[params.plan];
  if (used >= limit) {
    throw new QuotaExceededError(
      `Monthly post limit reached: ${limit} posts per month on the ${params.plan} plan (${used} used this month; resets on the 1st, UTC)`,
    );
  }
}

export type QuotaCharge = {
  organizationId: string;
  plan: Plan;
  postId: string;
  platform: string;
  externalAccountId: string;
  accountName: string;
  postDate: Date;
};

/**
 * Charges a post to the real platform account's quota for the UTC day of its scheduled date,
 * whichever team connected the account. Idempotent per post and account.
 */
export async function chargeDailyPostQuota(tx: Executor, charge: QuotaCharge): Promise<void> {
  const day = utcDay(charge.postDate);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`posts-day:${charge.platform}:${charge.externalAccountId}:${day}`}))`);
  const key = { organizationId: charge.organizationId, platform: charge.platform, externalAccountId: charge.externalAccountId, day };
  const used = await usedOn(tx, { ...key, kind: 'POST' });
  const limit = platformOf(charge.platform).dailyLimits.posts[charge.plan];
  if (used >= limit) {
    throw new QuotaExceededError(
      `Daily post limit reached for ${charge.accountName} on ${charge.platform}: ${limit} posts per UTC day on the ${charge.plan} plan (${day} is full)`,
    );
  }
  await tx
    .insert(platformQuotaUsage)
    .values({ ...key, kind: 'POST', itemId: charge.postId })
    .onConflictDoNothing();
}

/** Gives back a post's daily quota: it was unscheduled, moved, or deleted before publishing. */
export async function releaseDailyPostQuota(tx: Executor, postId: string): Promise<void> {
  await tx.delete(platformQuotaUsage).where(and(eq(platformQuotaUsage.kind, 'POST'), eq(platformQuotaUsage.itemId, postId)));
}
