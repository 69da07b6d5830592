import { z } from 'zod';
import { defineJob } from '../jobs/define-job';

/** Publishes a comment that is due, platform by platform; a payload for an older version does nothing. */
export const publishCommentJob = defineJob({
  name: 'publish-comment',
  payload: z.object({ commentId: z.string().min(1), version: z.number().int().positive() }),
  // Platform failures are handled per target inside; a throw means the worker failed and the job
  // runs again, reconciling what the first run left in flight through the recorded intent.
  retryLimit: 10,
  retryDelaySeconds: 5,
  expireInSeconds: 5 * 60,
});

/** Fetches one post's comments from its platform for an import run. */
export const importCommentsJob = defineJob({
  name: 'import-comments',
  payload: z.object({ importId: z.string().min(1) }),
  retryLimit: 5,
  retryDelaySeconds: 10,
  expireInSeconds: 5 * 60,
});

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

export const commentJobs = [publishCommentJob, importCommentsJob, sweepDueCommentsJob];
