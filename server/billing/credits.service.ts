import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { creditBalances, creditLedger } from '../db/schema/billing';
import { AppError, ConflictError } from '../http/errors';
import { DEFAULT_LOW_BALANCE_MICROS, quoteLine, toCents, type BillableAction } from './prices';

/** 402 Payment Required: the prepaid balance cannot pay for the action, so nothing was done. */
export class InsufficientCreditsError extends AppError {
  constructor(message: string) {
    super(402, message);
  }
}

type BalanceRow = typeof creditBalances.$inferSelect;

/** A request that debited and has not finished within this long was interrupted (a crash, a lost connection). */
export const STALE_CHARGE_MS = 10 * 60_000;

/** The balance row, created at zero on first need and locked until the transaction ends. */
async function lockBalance(tx: Executor, organizationId: string): Promise<BalanceRow> {
  await tx.insert(creditBalances).values({ organizationId }).onConflictDoNothing();
  const [row] = await tx.select().from(creditBalances).where(eq(creditBalances.organizationId, organizationId)).for('update');
  return row!;
}

export async function getBalance(db: Executor, organizationId: string) {
  const [row] = await db.select().from(creditBalances).where(eq(creditBalances.organizationId, organizationId));
  const balanceMicros = row?.balanceMicros ?? 0;
  // Charges are debited when reserved, so nothing is held apart from the balance.
  const heldMicros = 0;
  const availableMicros = balanceMicros - heldMicros;
  const threshold = row?.lowBalanceThresholdMicros ?? null;
  return {
    organizationId,
    currency: 'usd' as const,
    balanceMicros,
    heldMicros,
    availableMicros,
    balanceCents: toCents(balanceMicros),
    availableCents: toCents(availableMicros),
    lowBalanceThresholdMicros: threshold,
    lowBalance: availableMicros < (threshold ?? DEFAULT_LOW_BALANCE_MICROS),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** An operator top-up (positive) or correction (negative, never below zero). */
export async function addCredits(db: Database, input: { organizationId: string; amountMicros: number; note?: string }) {
  return db.transaction(async (tx) => {
    const row = await lockBalance(tx, input.organizationId);
    if (row.balanceMicros + input.amountMicros < 0) throw new AppError(400, 'A correction cannot take the balance below zero');
    await tx.insert(creditLedger).values({
      organizationId: input.organizationId,
      kind: 'TOP_UP',
      amountMicros: input.amountMicros,
      details: input.note ? { note: input.note } : {},
    });
    await tx
      .update(creditBalances)
      .set({ balanceMicros: sql`${creditBalances.balanceMicros} + ${input.amountMicros}`, updatedAt: new Date() })
      .where(eq(creditBalances.organizationId, input.organizationId));
    return getBalance(tx, input.organizationId);
  });
}

export type Charge = { id: string; amountMicros: number } | null;

/**
 * Debits the price of an action before it runs, as a PENDING charge. A charge with the same
 * `dedupeKey` already made (the once-a-day repost charge) means this run costs nothing: null.
 * While that earlier charge is still running, this one waits its turn (409): if the earlier
 * action failed and were refunded, this one would have run free. An earlier charge left PENDING
 * by a crash is superseded: it is refunded (reconciling it later would replay an action the
 * caller has since changed its mind about) and this run pays.
 * Refuses with 402, debiting nothing, when the balance cannot pay.
 */
export async function reserveCharge(
  db: Database,
  input: { organizationId: string; action: BillableAction; dedupeKey: string; details: Record<string, unknown>; quantity?: number },
): Promise<Charge> {
  return db.transaction(async (tx) => {
    const row = await lockBalance(tx, input.organizationId);
    const [earlier] = await tx
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.organizationId, input.organizationId), eq(creditLedger.dedupeKey, input.dedupeKey)));
    if (earlier && earlier.status !== 'PENDING') return null;
    if (earlier && Date.now() - earlier.createdAt.getTime() < STALE_CHARGE_MS) {
      throw new ConflictError('The same paid action is running right now; try again in a moment');
    }
    if (earlier) {
      await tx.delete(creditLedger).where(eq(creditLedger.id, earlier.id));
      row.balanceMicros -= earlier.amountMicros; // a charge's amount is negative: this gives it back
      await tx
        .update(creditBalances)
        .set({ balanceMicros: sql`${creditBalances.balanceMicros} - ${earlier.amountMicros}`, updatedAt: new Date() })
        .where(eq(creditBalances.organizationId, input.organizationId));
    }
    const price = quoteLine(input.action, input.quantity ?? 1);
    if (row.balanceMicros < price.amountMicros) {
      throw new InsufficientCreditsError(
        `Not enough prepaid credits: ${price.label}${(input.quantity ?? 1) > 1 ? ` ×${input.quantity}` : ''} costs ${price.amountMicros} micro-USD and the available balance is ${row.balanceMicros}. Nothing was done; ask the operator to add credits.`,
      );
    }
    const [charge] = await tx
      .insert(creditLedger)
      .values({
        organizationId: input.organizationId,
        kind: 'CHARGE',
        action: input.action,
        amountMicros: -price.amountMicros,
        dedupeKey: input.dedupeKey,
        status: 'PENDING',
        details: input.details,
      })
      .returning({ id: creditLedger.id });
    await tx
      .update(creditBalances)
      .set({ balanceMicros: sql`${creditBalances.balanceMicros} - ${price.amountMicros}`, updatedAt: new Date() })
      .where(eq(creditBalances.organizationId, input.organizationId));
    return { id: charge!.id, amountMicros: price.amountMicros };
  });
}

export async function completeCharge(db: Executor, charge: Charge) {
  if (charge) await db.update(creditLedger).set({ status: 'COMPLETED' }).where(eq(creditLedger.id, charge.id));
}

/** The action did not happen: the charge goes away and its amount comes back. */
export async function refundCharge(db: Database, organizationId: string, charge: Charge) {
  if (!charge) return;
  await db.transaction(async (tx) => {
    await lockBalance(tx, organizationId);
    const removed = await tx
      .delete(creditLedger)
      .where(and(eq(creditLedger.id, charge.id), eq(creditLedger.status, 'PENDING')))
      .returning({ id: creditLedger.id });
    if (removed.length === 0) return;
    await tx
      .update(creditBalances)
      .set({ balanceMicros: sql`${creditBalances.balanceMicros} + ${charge.amountMicros}`, updatedAt: new Date() })
      .where(eq(creditBalances.organizationId, organizationId));
  });
}

/** Runs a paid action: charge first, then the action; a failed action is refunded, a done one completes its charge. */
export async function withCharge<T>(
  db: Database,
  input: { organizationId: string; action: BillableAction; dedupeKey: string; details: Record<string, unknown> },
  action: () => Promise<T>,
): Promise<{ result: T; charge: Charge }> {
  const charge = await reserveCharge(db, input);
  let result: T;
  try {
    result = await action();
  } catch (error) {
    await refundCharge(db, input.organizationId, charge);
    throw error;
  }
  await completeCharge(db, charge);
  return { result, charge };
}
