import type { Executor } from '../../db/client';
import { requestWake, requestWakes } from '../../jobs/coalesced-wake-ups';
import type { JobQueue } from '../../jobs/job-queue';
import { webhookDispatchJob } from '../webhooks.jobs';

export const dispatchWakeKey = (endpointId: string) => `dispatch:${endpointId}`;

/** Ensures the endpoint's dispatcher runs at `at` or earlier: one job however many deliveries fall due. */
export function wakeDispatcher(tx: Executor, jobs: JobQueue, endpointId: string, at: Date, staleAfterMs?: number) {
  return requestWake(tx, jobs, { key: dispatchWakeKey(endpointId), at, job: webhookDispatchJob, payload: { endpointId }, staleAfterMs });
}

/** Every endpoint of a relayed batch at once: one statement, a job only for those not already due. */
export function wakeDispatchers(tx: Executor, jobs: JobQueue, endpointIds: string[], at: Date) {
  return requestWakes(
    tx,
    jobs,
    endpointIds.map((endpointId) => ({ key: dispatchWakeKey(endpointId), at, job: webhookDispatchJob, payload: { endpointId } })),
  );
}
