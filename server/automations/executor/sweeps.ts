import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { automationExecutions } from '../../db/schema/automations';
import { EXECUTION_RETENTION_MS } from '../executions.service';
import { RUN_EXPIRY_MS } from './run-execution';

/**
 * A RUNNING run older than one and a half times its own time limit (90 s for the spec's 60 s) has
 * lost its worker: the worker itself ends a run at the limit, and the half leaves it room to say so.
 * Proportional, so a deployment (or a test) with a shorter limit finds lost runs sooner.
 */
const STALE_AFTER_LIMITS = 1.5;
const BATCH = 5000;

/**
 * Moves runs nobody will finish: QUEUED ones past an hour after their scheduled time are FAILED
 * `AUTOMATION_EXECUTION_EXPIRED` (their job was lost or the queue was down), RUNNING ones that
 * outlived the timeout are FAILED `AUTOMATION_EXECUTION_STALE` (the worker stopped mid-run).
 */
export async function sweepExecutions(db: Executor, now: Date, runTimeoutMs: number): Promise<{ expired: number; stale: number }> {
  const expired = await db
    .update(automationExecutions)
    .set({
      status: 'FAILED',
      completedAt: now,
      error: { code: 'AUTOMATION_EXECUTION_EXPIRED', message: 'The run could not finish within an hour of its scheduled time' },
    })
    .where(and(eq(automationExecutions.status, 'QUEUED'), lt(automationExecutions.scheduledAt, new Date(now.getTime() - RUN_EXPIRY_MS))))
    .returning({ id: automationExecutions.id });
  const stale = await db
    .update(automationExecutions)
    .set({ status: 'FAILED', completedAt: now, error: { code: 'AUTOMATION_EXECUTION_STALE', message: 'The run was interrupted' } })
    .where(and(eq(automationExecutions.status, 'RUNNING'), lt(automationExecutions.startedAt, new Date(now.getTime() - runTimeoutMs * STALE_AFTER_LIMITS))))
    .returning({ id: automationExecutions.id });
  return { expired: expired.length, stale: stale.length };
}

/** Execution logs (and their steps, by cascade) go 30 days after the run, in batches. */
export async function purgeOldExecutions(db: Executor, scope: { now: Date; organizationId?: string }): Promise<number> {
  const cutoff = new Date(scope.now.getTime() - EXECUTION_RETENTION_MS);
  let removed = 0;
  for (;;) {
    const due = db
      .select({ id: automationExecutions.id })
      .from(automationExecutions)
      .where(and(lt(automationExecutions.createdAt, cutoff), scope.organizationId ? eq(automationExecutions.organizationId, scope.organizationId) : undefined))
      .limit(BATCH);
    const rows = await db
      .delete(automationExecutions)
      .where(sql`${automationExecutions.id} in (${due})`)
      .returning({ id: automationExecutions.id });
    removed += rows.length;
    if (rows.length < BATCH) return removed;
  }
}
