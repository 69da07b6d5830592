import { z } from 'zod';
import { defineJob } from '../jobs/define-job';

/**
 * Every minute and at every worker start: DM sends left PENDING by a process that died between
 * the two transactions of a send are resolved through the platform (reconcile-pending-messages.ts).
 */
export const reconcilePendingMessagesJob = defineJob({
  name: 'reconcile-pending-messages',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
  retryLimit: 1,
});
