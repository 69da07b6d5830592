import { z } from 'zod';
import { defineJob } from '../jobs/define-job';

/** The comment a post asked for under its published item: its own job, so a retry never republishes. */
export const firstCommentJob = defineJob({
  name: 'post-first-comment',
  payload: z.object({ targetId: z.string().min(1) }),
  retryLimit: 5,
  retryDelaySeconds: 30,
});
