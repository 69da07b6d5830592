import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';

/** Turns outbox rows into webhook deliveries (relay-outbox.ts); woken on commit, swept every minute. */
export const webhookRelayJob = defineJob({
  name: 'webhooks.relay',
  payload: z.object({}).passthrough(),
  retryLimit: 5,
  retryDelaySeconds: 2,
});
