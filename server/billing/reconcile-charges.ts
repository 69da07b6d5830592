import { and, eq, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import { creditLedger } from '../db/schema/billing';
import { socialAccounts } from '../db/schema/social-accounts';
import { AppError } from '../http/errors';
import { PlatformError } from '../platforms/platform-error';
import type { AppServices } from '../services';
import { completeCharge, refundCharge } from './credits.service';
import { runXOperation } from './metered-x-actions';

/** A request that debited and has not finished within this long was interrupted (a crash, a lost connection). */
export const STALE_CHARGE_MS = 10 * 60_000;

const Details = z.union([
  z.object({ socialAccountId: z.string(), op: z.enum(['repost', 'undoRepost']), tweetId: z.string() }),
  z.object({ socialAccountId: z.string(), op: z.literal('deleteReply'), replyId: z.string() }),
]);

/**
 * Settles charges left PENDING: the paid X call is run again (idempotent on X) and the charge
 * completes; if X refuses it for good, or the account is gone, the charge is refunded. Transient
 * trouble leaves it for the next run. Either way, no charge stays without its action.
 */
export async function reconcilePendingCharges(services: AppServices, now = new Date()): Promise<{ completed: number; refunded: number }> {
  const stale = await services.db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.kind, 'CHARGE'), eq(creditLedger.status, 'PENDING'), lt(creditLedger.createdAt, new Date(now.getTime() - STALE_CHARGE_MS))))
    .limit(200);
  let completed = 0;
  let refunded = 0;
  for (const row of stale) {
    const charge = { id: row.id, amountMicros: -row.amountMicros };
    const details = Details.safeParse(row.details);
    const [account] = details.success
      ? await services.db.select().from(socialAccounts).where(and(eq(socialAccounts.id, details.data.socialAccountId), isNull(socialAccounts.deletedAt)))
      : [];
    if (!details.success || !account) {
      await refundCharge(services.db, row.organizationId, charge);
      refunded += 1;
      continue;
    }
    const { socialAccountId: _account, ...operation } = details.data;
    try {
      await runXOperation(services, account, operation);
      await completeCharge(services.db, charge);
      completed += 1;
    } catch (error) {
      const final = (error instanceof PlatformError && !error.isTransient) || (error instanceof AppError && !(error instanceof PlatformError));
      if (!final) continue;
      await refundCharge(services.db, row.organizationId, charge);
      refunded += 1;
    }
  }
  return { completed, refunded };
}
