import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';

/**
 * The safety net behind the on-commit and in-transaction wake-ups (sweep-webhooks.ts): every
 * minute, and once when an instance starts listening, wake the relay if the outbox has a backlog
 * and every endpoint with due work.
 */
export const webhookSweepJob = defineJob({
  name: 'webhooks.sweep',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
  retryLimit: 1,
  expireInSeconds: 120,
});
