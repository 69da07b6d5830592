import { z } from 'zod';
import { defineJob, type AnyJobContract } from '../jobs/define-job';

/** Turns outbox rows into webhook deliveries (relay-outbox.ts); woken on commit, swept every minute. */
export const webhookRelayJob = defineJob({
  name: 'webhooks.relay',
  payload: z.object({}).passthrough(),
  retryLimit: 5,
  retryDelaySeconds: 2,
});

/** Delivers what is due for one endpoint (dispatch-endpoint.ts); the deliveries table, not the payload, says what. */
export const webhookDispatchJob = defineJob({
  name: 'webhooks.dispatch',
  payload: z.object({ endpointId: z.string().min(1) }),
  retryLimit: 5,
  retryDelaySeconds: 5,
});

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

/**
 * Retention (retention.ts): finished deliveries (with their attempts) and relayed outbox rows
 * older than WEBHOOK_RETENTION_DAYS go; pending and paused deliveries stay, whatever their age.
 */
export const webhookRetentionJob = defineJob({
  name: 'webhooks.cleanup',
  payload: z.object({}).passthrough(),
  cron: '23 3 * * *',
  retryLimit: 2,
});

export const webhookJobs: AnyJobContract[] = [webhookRelayJob, webhookDispatchJob, webhookSweepJob, webhookRetentionJob];
