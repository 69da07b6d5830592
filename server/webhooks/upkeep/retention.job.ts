import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';

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
