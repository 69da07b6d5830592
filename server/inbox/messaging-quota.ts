import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { messagingUsage } from '../db/schema/inbox';
import { organizations } from '../db/schema/organizations';
import { QuotaExceededError } from '../http/errors';
import type { Plan } from '../organizations/organizations.service';

/** Outbound messages per account per UTC month (the spec's DM limits). */
export const MONTHLY_MESSAGE_LIMITS: Record<Plan, number> = { FREE: 0, PRO: 200, BUSINESS: 1000 };

const monthOf = (now: Date) => `${now.toISOString().slice(0, 7)}-01`;

/**
 * Takes one slot of the account's monthly message quota, or refuses (403). Only messages sent
 * through the service take one; a send the platform rejects gives it back (failed messages do not count).
 */
export async function reserveMessageSlot(tx: Executor, account: { id: string; organizationId: string }, now = new Date()): Promise<void> {
  const [organization] = await tx.select({ plan: organizations.plan }).from(organizations).where(eq(organizations.id, account.organizationId));
  const limit = MONTHLY_MESSAGE_LIMITS[organization?.plan ?? 'FREE'];
  const refused = () =>
    new QuotaExceededError(`Monthly message limit reached: ${limit} outbound messages per account on this plan; it resets on the 1st (UTC)`);
  if (limit <= 0) throw refused();
  const rows = await tx
    .insert(messagingUsage)
    .values({ socialAccountId: account.id, organizationId: account.organizationId, month: monthOf(now), used: 1 })
    .onConflictDoUpdate({
      target: [messagingUsage.socialAccountId, messagingUsage.month],
      set: { used: sql`${messagingUsage.used} + 1` },
      setWhere: sql`${messagingUsage.used} < ${limit}`,
    })
    .returning({ used: messagingUsage.used });
  if (rows.length === 0) throw refused();
}

export async function releaseMessageSlot(tx: Executor, socialAccountId: string, at: Date): Promise<void> {
  await tx
    .update(messagingUsage)
    .set({ used: sql`greatest(${messagingUsage.used} - 1, 0)` })
    .where(and(eq(messagingUsage.socialAccountId, socialAccountId), eq(messagingUsage.month, monthOf(at))));
}

export async function messagesUsed(db: Executor, socialAccountId: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ used: messagingUsage.used })
    .from(messagingUsage)
    .where(and(eq(messagingUsage.socialAccountId, socialAccountId), eq(messagingUsage.month, monthOf(now))));
  return row?.used ?? 0;
}
