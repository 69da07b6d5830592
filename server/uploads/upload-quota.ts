import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { uploadMonthlyUsage } from '../db/schema/uploads';
import { QuotaExceededError } from '../http/errors';
import { getOrganization, type Plan } from '../organizations/organizations.service';
import { currentReservations } from './upload-reservations';

/** Uploads per organization per UTC calendar month (spec, "Monthly organization-wide limits"). */
export const MONTHLY_UPLOAD_LIMITS: Record<Plan, number> = { FREE: 200, PRO: 100_000, BUSINESS: 1_000_000 };

export function utcMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}

function limitReached(plan: Plan, limit: number, reserved = 0) {
  const inProgress = reserved > 0 ? ` (${reserved} unfinished three-step upload${reserved === 1 ? '' : 's'} count toward it until finalized or expired)` : '';
  return new QuotaExceededError(
    `Monthly upload limit reached: the ${plan} plan allows ${limit.toLocaleString('en-US')} uploads per calendar month (UTC); it resets on the 1st${inProgress}`,
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

/**
 * A cheap early refusal before any bytes are processed; `consumeUploadQuota` is the real check.
 * `reserved`: open three-step sessions, each holding one upload of the month until it ends.
 */
export async function assertUploadQuotaLeft(db: Executor, organizationId: string, options: { reserved?: number } = {}): Promise<void> {
  const usage = await getUploadUsage(db, organizationId);
  const reserved = options.reserved ?? 0;
  if (usage.remaining - reserved <= 0) throw limitReached(usage.plan, usage.limit, reserved);
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

/** The early check of the simple and from-url flows: open three-step sessions hold their share. */
export async function assertUploadQuotaLeftBesideReservations(db: Executor, organizationId: string): Promise<void> {
  const { sessions } = await currentReservations(db, organizationId);
  await assertUploadQuotaLeft(db, organizationId, { reserved: sessions });
}
