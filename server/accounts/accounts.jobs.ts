import { z } from 'zod';
import { defineJob } from '../jobs/define-job';

/**
 * Removes a disconnected (or access-lost) account once its `deleteOn` has passed. Enqueued with
 * `startAfter = deleteOn` by disconnect; the hourly run (no account id) catches accounts whose job
 * was lost or whose `deleteOn` was set by a failed connection check (remove-disconnected-accounts.ts).
 */
export const removeDisconnectedAccountJob = defineJob({
  name: 'remove-disconnected-account',
  payload: z.object({ socialAccountId: z.string().min(1).optional() }),
  cron: '17 * * * *',
  retryLimit: 5,
});

/**
 * Refreshes, once a day, the live tokens their connector refreshes well ahead of expiry (Meta's
 * 60-day tokens, decision 072), so an account nobody used for weeks does not lapse.
 */
export const refreshExpiringTokensJob = defineJob({
  name: 'refresh-expiring-tokens',
  payload: z.object({}),
  cron: '23 4 * * *',
  retryLimit: 2,
});

export const accountJobs = [removeDisconnectedAccountJob, refreshExpiringTokensJob];
