import { z } from 'zod';
import { defineJob } from '../jobs/define-job';

/**
 * Safety net, every minute and at every worker start: posts that are due but have no live job, and
 * posts whose worker died mid-publish (their claim runs out), get a publish job (sweep-due-posts.ts).
 */
export const sweepDuePostsJob = defineJob({
  name: 'sweep-due-posts',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
  retryLimit: 1,
});
