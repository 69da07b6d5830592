import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { creditLedger } from '../db/schema/billing';
import { socialAccounts } from '../db/schema/social-accounts';
import { AppError } from '../http/errors';
import { PlatformError } from '../platforms/platform-error';
import type { AppServices } from '../services';
import { completeCharge, refundCharge, STALE_CHARGE_MS } from './credits.service';
import { runXOperation } from './metered-x-actions';

const Details = z.union([
  z.object({ socialAccountId: z.string(), op: z.enum(['repost', 'undoRepost']), tweetId: z.string() }),
  z.object({ socialAccountId: z.string(), op: z.literal('deleteReply'), replyId: z.string() }),
]);

/**
 * Settles charges left PENDING: the paid X call is run again (idempotent on X) and the charge
 * completes; if X refuses it for good, or the account is gone, or the caller has acted on the same
 * post since (an undo after a crashed repost must not be undone by the replay), the charge is
 * refunded. Transient trouble leaves it for the next run. Either way, no charge stays without its
 * action.
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
      ? await services.db
          .select()
          .from(socialAccounts)
          .where(and(eq(socialAccounts.id, details.data.socialAccountId), isNull(socialAccounts.deletedAt)))
      : [];
    if (!details.success || !account) {
      await refundCharge(services.db, row.organizationId, charge);
      refunded += 1;
      continue;
    }
    const { socialAccountId: _account, ...operation } = details.data;
    if ('tweetId' in operation && (await actedOnSince(services, row, details.data.socialAccountId, operation.tweetId))) {
      await refundCharge(services.db, row.organizationId, charge);
      refunded += 1;
      continue;
    }
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

/** Whether a later paid action of the organization touched the same post from the same account. */
async function actedOnSince(services: AppServices, row: typeof creditLedger.$inferSelect, socialAccountId: string, tweetId: string) {
  const later = await services.db
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.organizationId, row.organizationId),
        eq(creditLedger.kind, 'CHARGE'),
        ne(creditLedger.id, row.id),
        // Compared in the database: Postgres keeps microseconds that the row read into a Date lost.
        sql`${creditLedger.createdAt} > (select created_at from credit_ledger where id = ${row.id})`,
        sql`${creditLedger.details}->>'socialAccountId' = ${socialAccountId}`,
        sql`${creditLedger.details}->>'tweetId' = ${tweetId}`,
      ),
    )
    .limit(1);
  return later.length > 0;
}
