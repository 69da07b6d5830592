import { and, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { webhookWakeups } from '../db/schema/webhooks';
import type { JobDefinition } from '../jobs/define-job';
import type { JobQueue } from '../jobs/job-queue';

/**
 * A wake-up whose job has not started this long after its time is presumed lost (its process died
 * between fetching the job and consuming the wake-up) and is sent again. Too early only costs a
 * duplicate job, which finds little to do.
 */
const STALE_AFTER_MS = 30_000;
/** Clock skew allowed between the database (which starts jobs) and this process (which consumes). */
const SKEW_MS = 30_000;

/**
 * Makes sure a job runs for `key` at `at` or earlier, enqueueing one only when no earlier wake-up
 * is already pending. Call it inside the transaction that creates the work: the job then exists
 * exactly when the work does.
 */
export async function requestWake<Payload>(
  tx: Executor,
  jobs: JobQueue,
  wake: { key: string; at: Date; job: JobDefinition<Payload>; payload: Payload; staleAfterMs?: number },
): Promise<boolean> {
  const staleBefore = new Date(Date.now() - (wake.staleAfterMs ?? STALE_AFTER_MS));
  const claimed = await tx
    .insert(webhookWakeups)
    .values({ key: wake.key, wakeAt: wake.at })
    .onConflictDoUpdate({
      target: webhookWakeups.key,
      set: { wakeAt: wake.at },
      // ISO strings: postgres.js does not bind a Date inside raw SQL.
      setWhere: sql`${webhookWakeups.wakeAt} is null or ${webhookWakeups.wakeAt} > ${wake.at.toISOString()}::timestamptz or ${webhookWakeups.wakeAt} < ${staleBefore.toISOString()}::timestamptz`,
    })
    .returning({ key: webhookWakeups.key });
  if (claimed.length === 0) return false;
  await jobs.send(wake.job, wake.payload, { executor: tx, startAfter: wake.at.getTime() > Date.now() ? wake.at : undefined });
  return true;
}

/** Called when the woken job starts: later requests need a new job, since this one may already have looked. */
export async function consumeWake(db: Executor, key: string): Promise<void> {
  await db
    .update(webhookWakeups)
    .set({ wakeAt: null })
    .where(and(eq(webhookWakeups.key, key), lte(webhookWakeups.wakeAt, new Date(Date.now() + SKEW_MS))));
}
