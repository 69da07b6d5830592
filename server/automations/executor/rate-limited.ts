import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { automationExecutions } from '../../db/schema/automations';

/**
 * Until when the platform rate-limits the account, as its runs learned it: the latest reset a
 * QUEUED run of the account waits for (run-execution.ts puts such runs back). New runs of the
 * account wait for it too, and a test run answers 429 meanwhile (the spec).
 */
export async function rateLimitedUntil(db: Executor, socialAccountId: string, now: Date): Promise<Date | null> {
  const until = sql<string | null>`max((${automationExecutions.output}->>'rateLimitedUntil')::timestamptz)`;
  const [row] = await db
    .select({ until })
    .from(automationExecutions)
    .where(
      and(
        eq(automationExecutions.status, 'QUEUED'),
        eq(automationExecutions.socialAccountId, socialAccountId),
        sql`${automationExecutions.output} ? 'rateLimitedUntil'`,
      ),
    );
  if (!row?.until) return null;
  const at = new Date(row.until);
  return at.getTime() > now.getTime() ? at : null;
}
