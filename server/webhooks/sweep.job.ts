import { z } from 'zod';
import { defineJob } from '../jobs/define-job';
import { sweepWebhooks } from './sweep';

/**
 * The safety net behind the NOTIFY and in-transaction wake-ups: every minute, and once when an
 * instance starts, wake the relay if the outbox has a backlog and every endpoint with due work.
 */
export const sweepJob = defineJob({
  name: 'webhooks.sweep',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
  retryLimit: 1,
  expireInSeconds: 120,
  async handle(_payload, { services }) {
    await sweepWebhooks(services);
  },
});
