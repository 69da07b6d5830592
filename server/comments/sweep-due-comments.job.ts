import { z } from 'zod';
import { defineJob } from '../jobs/define-job';

/**
 * Safety net, every minute: comments that are due but have no live job, and comments whose worker
 * died mid-publish (their claim runs out), get a publish job (sweep-due-comments.ts).
 */
export const sweepDueCommentsJob = defineJob({
  name: 'sweep-due-comments',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
  retryLimit: 1,
});
