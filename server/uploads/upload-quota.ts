import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { uploadMonthlyUsage } from '../db/schema/uploads';
import { QuotaExceededError } from '../http/errors';
import { getOrganization, type Plan } from '../organizations/organizations.service';

/** Uploads per organization per UTC calendar month (spec, "Monthly organization-wide limits"). */
export const MONTHLY_UPLOAD_LIMITS: Record<Plan, number> = { FREE: 200, PRO: 100_000, BUSINESS: 1_000_000 };

export function utcMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}

function limitReached(plan: Plan, limit: number) {
  return new QuotaExceededError(
    `Monthly upload limit reached: the ${plan} plan allows ${limit.toLocaleString('en-US')} uploads per calendar month (UTC); it resets on the 1st`,
  );
}

export async function getUploadUsage(db: Executor, organizationId: string, now = new Date()) {
  const { plan } = await getOrganization(db, organizationId);
  const limit = MONTHLY_UPLOAD_LIMITS[plan];
  const [row] = await db
    .select({ count: uploadMonthlyUsage.count })
    .from(uploadMonthlyUsage)
    .where(and(eq(uploadMonthlyUsage.organizationId, organizationId), eq(uploadMonthlyUsage.month, utcMonth(now))));
  const used = row?.count ?? 0;
  return { plan, used, limit, remaining: Math.max(0, limit - used) };
}

/** A cheap early refusal before any bytes are processed; `consumeUploadQuota` is the real check. */
export async function assertUploadQuotaLeft(db: Executor, organizationId: string): Promise<void> {
  const usage = await getUploadUsage(db, organizationId);
  if (usage.remaining <= 0) throw limitReached(usage.plan, usage.limit);
}

/**
 * Counts one upload against this month, inside the transaction that creates it. The conditional
 * upsert is one statement, so concurrent uploads can never push the count past the limit.
 */
export async function consumeUploadQuota(tx: Executor, organizationId: string, now = new Date()): Promise<void> {
  const { plan } = await getOrganization(tx, organizationId);
  const limit = MONTHLY_UPLOAD_LIMITS[plan];
  const counted = await tx
    .insert(uploadMonthlyUsage)
    .values({ organizationId, month: utcMonth(now), count: 1 })
    .onConflictDoUpdate({
      target: [uploadMonthlyUsage.organizationId, uploadMonthlyUsage.month],
      set: { count: sql`${uploadMonthlyUsage.count} + 1` },
      setWhere: sql`${uploadMonthlyUsage.count} < ${limit}`,
    })
    .returning({ count: uploadMonthlyUsage.count });
  if (counted.length === 0) throw limitReached(plan, limit);
}
