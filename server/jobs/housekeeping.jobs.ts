import { z } from 'zod';
import { defineJob } from './define-job';

/** Removes expired sessions, idempotency records and shared rate-limit counters; all are also ignored once expired. */
export const housekeepingJob = defineJob({
  name: 'housekeeping',
  payload: z.object({}).passthrough(),
  cron: '*/15 * * * *',
  retryLimit: 2,
});

export const housekeepingJobs = [housekeepingJob];
