import { z } from 'zod';
import { defineJob } from '../jobs/define-job';
import { RELAY_WAKE_KEY, wakeRelay } from './dispatch-wake';
import { relayOutbox } from './relay';
import { consumeWake } from './wakeups';

/** Turns outbox rows into webhook deliveries; woken by NOTIFY, swept every minute. */
export const relayJob = defineJob({
  name: 'webhooks.relay',
  payload: z.object({}).passthrough(),
  retryLimit: 5,
  retryDelaySeconds: 2,
  async handle(_payload, { services }) {
    await consumeWake(services.db, RELAY_WAKE_KEY);
    const { more } = await relayOutbox(services);
    if (more) await services.db.transaction((tx) => wakeRelay(tx, services.jobs));
  },
});
