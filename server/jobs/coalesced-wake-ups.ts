import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { jobWakeups } from '../db/schema/jobs';
import type { JobContract } from './define-job';
import type { JobQueue } from './job-queue';

/**
 * A wake-up whose job has not started this long after its time is presumed lost (its process died
 * between fetching the job and consuming the wake-up) and is sent again. Too early only costs a
 * duplicate job, which finds little to do.
 */
const STALE_AFTER_MS = 30_000;
/** Clock skew allowed between the database (which starts jobs) and this process (which consumes). */
const SKEW_MS = 30_000;

export type WakeRequest<Payload> = { key: string; at: Date; job: JobContract<Payload>; payload: Payload; staleAfterMs?: number };

/**
 * Makes sure a job runs for `key` at `at` or earlier, enqueueing one only when no earlier wake-up
 * is already pending. Call it inside the transaction that creates the work: the job then exists
 * exactly when the work does.
 */
export async function requestWake<Payload>(tx: Executor, jobs: JobQueue, wake: WakeRequest<Payload>): Promise<boolean> {
  return (await requestWakes(tx, jobs, [wake])) > 0;
}

/**
 * Many wake-ups in one statement (the relay wakes every endpoint a batch touched): during a burst
 * most are already pending and cost nothing more. Returns how many jobs were enqueued.
 */
export async function requestWakes<Payload>(tx: Executor, jobs: JobQueue, wakes: WakeRequest<Payload>[]): Promise<number> {
  if (wakes.length === 0) return 0;
  const staleAfterMs = Math.min(...wakes.map((wake) => wake.staleAfterMs ?? STALE_AFTER_MS));
  const staleBefore = new Date(Date.now() - staleAfterMs);
  const claimed = await tx
    .insert(jobWakeups)
    .values(wakes.map((wake) => ({ key: wake.key, wakeAt: wake.at })))
    .onConflictDoUpdate({
      target: jobWakeups.key,
      set: { wakeAt: sql`excluded.wake_at` },
      // ISO strings: postgres.js does not bind a Date inside raw SQL.
      setWhere: sql`${jobWakeups.wakeAt} is null or ${jobWakeups.wakeAt} > excluded.wake_at or ${jobWakeups.wakeAt} < ${staleBefore.toISOString()}::timestamptz`,
    })
    .returning({ key: jobWakeups.key });
  const claimedKeys = new Set(claimed.map((row) => row.key));
  for (const wake of wakes) {
    if (!claimedKeys.has(wake.key)) continue;
    await jobs.send(wake.job, wake.payload, { executor: tx, startAfter: wake.at.getTime() > Date.now() ? wake.at : undefined });
  }
  return claimedKeys.size;
}

/** Called when the woken job starts: later requests need a new job, since this one may already have looked. */
export async function consumeWake(db: Executor, key: string): Promise<void> {
  await db
    .update(jobWakeups)
    .set({ wakeAt: null })
    .where(and(eq(jobWakeups.key, key), lte(jobWakeups.wakeAt, new Date(Date.now() + SKEW_MS))));
}

/** Consumed wake-ups, and those long past their time (their job's subject is gone): bookkeeping only. */
export async function deleteSpentWakeUps(db: Executor, before: Date): Promise<void> {
  await db.delete(jobWakeups).where(or(isNull(jobWakeups.wakeAt), lt(jobWakeups.wakeAt, before)));
}
