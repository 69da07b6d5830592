import type { Executor } from '../db/client';
import type { JobQueue } from '../jobs/job-queue';
import { dispatchJob } from './dispatch.job';
import { relayJob } from './relay.job';
import { requestWake } from './wakeups';

export const RELAY_WAKE_KEY = 'relay';
export const dispatchWakeKey = (endpointId: string) => `dispatch:${endpointId}`;

/** The sweep's stance: any wake-up already past its time may belong to a dead process. */
export const SWEEP_STALE_AFTER_MS = 0;

/** Ensures the endpoint's dispatcher runs at `at` or earlier (see wakeups.ts). */
export function wakeDispatcher(tx: Executor, jobs: JobQueue, endpointId: string, at: Date, staleAfterMs?: number) {
  return requestWake(tx, jobs, { key: dispatchWakeKey(endpointId), at, job: dispatchJob, payload: { endpointId }, staleAfterMs });
}

/** Ensures the relay runs soon: one job however many events arrived meanwhile. */
export function wakeRelay(tx: Executor, jobs: JobQueue, staleAfterMs?: number) {
  return requestWake(tx, jobs, { key: RELAY_WAKE_KEY, at: new Date(), job: relayJob, payload: {}, staleAfterMs });
}
