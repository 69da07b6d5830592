import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { reviewImportLimits, reviews } from '../db/schema/reviews';
import { getOrganization } from '../organizations/organizations.service';
import { utcMonthRange } from '../posts/post-quotas';
import { MONTHLY_REVIEW_IMPORT_LIMITS } from './shared/review-constants';

/*
 * The per-account monthly meter of review (and recommendation) imports. Only reviews an import
 * stores as new count, in the UTC month they were stored (`reviews.countedAt`); refreshed reviews
 * and reviews that arrived by webhook are free. This module is the one place that reads and
 * charges the meter, so it can be pointed at a shared imports meter without touching the imports.
 */

/** The organization's custom monthly cap per account, or null when the plan's applies. */
export async function customReviewImportLimit(db: Executor, organizationId: string): Promise<number | null> {
  const [custom] = await db.select().from(reviewImportLimits).where(eq(reviewImportLimits.organizationId, organizationId));
  return custom?.monthlyLimitPerAccount ?? null;
}

/** The account's monthly cap: the organization's custom limit if the operator set one, else the plan's. */
export async function monthlyReviewLimit(db: Executor, organizationId: string): Promise<number> {
  const custom = await customReviewImportLimit(db, organizationId);
  if (custom !== null) return custom;
  const organization = await getOrganization(db, organizationId);
  return MONTHLY_REVIEW_IMPORT_LIMITS[organization.plan];
}

/** New reviews imported for the account in the UTC month of `at`. */
export async function reviewsImportedThisMonth(db: Executor, socialAccountId: string, at = new Date()): Promise<number> {
  const { start, end } = utcMonthRange(at);
  const [row] = await db
    .select({ value: count() })
    .from(reviews)
    .where(and(eq(reviews.socialAccountId, socialAccountId), gte(reviews.countedAt, start), lt(reviews.countedAt, end)));
  return row?.value ?? 0;
}

export async function reviewCapacity(db: Executor, params: { organizationId: string; socialAccountId: string }) {
  const limit = await monthlyReviewLimit(db, params.organizationId);
  const used = await reviewsImportedThisMonth(db, params.socialAccountId);
  return { limit, used, remaining: Math.max(0, limit - used) };
}

/** Sets (or, with null, removes) an organization's custom monthly review-import limit per account. */
export async function setReviewImportLimit(db: Executor, organizationId: string, limit: number | null) {
  await getOrganization(db, organizationId);
  if (limit === null) {
    await db.delete(reviewImportLimits).where(eq(reviewImportLimits.organizationId, organizationId));
  } else {
    await db
      .insert(reviewImportLimits)
      .values({ organizationId, monthlyLimitPerAccount: limit })
      .onConflictDoUpdate({ target: reviewImportLimits.organizationId, set: { monthlyLimitPerAccount: limit, updatedAt: new Date() } });
  }
  return { organizationId, monthlyLimitPerAccount: await monthlyReviewLimit(db, organizationId), custom: limit !== null };
}
