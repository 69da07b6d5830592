import pLimit, { type LimitFunction } from 'p-limit';
import type { AppServices } from '../../services';
import { failInterruptedRun, runExecution } from './run-execution';

const limits = new WeakMap<AppServices, LimitFunction>();

/**
 * Starts a run recorded without a delay in this worker, right after its event's transaction
 * committed: no job fetch between the event and the reply. At most AUTOMATION_INLINE_CONCURRENCY
 * runs go at once per process; the rest wait here (a run whose fallback job claimed it first is
 * skipped by the QUEUED → RUNNING claim). A run that throws is marked STALE like a job's would be.
 */
export async function runNow(services: AppServices, executionId: string): Promise<void> {
  let limit = limits.get(services);
  if (!limit) {
    limit = pLimit(services.config.AUTOMATION_INLINE_CONCURRENCY);
    limits.set(services, limit);
  }
  await limit(async () => {
    try {
      await runExecution(services, executionId);
    } catch (error) {
      // An outage is logged once, by availability; anything else is this run's own failure.
      if (!services.database.availability.report(error, 'automation run')) {
        services.logger.error('automation run failed in-process', { executionId, error: error instanceof Error ? error.message : String(error) });
      }
      await failInterruptedRun(services.db, executionId).catch(() => {});
    }
  });
}
