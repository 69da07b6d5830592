import type { Executor } from '../../db/client';
import { requestWake } from '../../jobs/coalesced-wake-ups';
import type { JobQueue } from '../../jobs/job-queue';
import { webhookRelayJob } from '../webhooks.jobs';

export const RELAY_WAKE_KEY = 'relay';

/** Ensures the relay runs soon: one job however many events arrived meanwhile. */
export function wakeRelay(tx: Executor, jobs: JobQueue, staleAfterMs?: number) {
  return requestWake(tx, jobs, { key: RELAY_WAKE_KEY, at: new Date(), job: webhookRelayJob, payload: {}, staleAfterMs });
}
