import { z } from 'zod';
import { defineJob } from '../jobs/define-job';

/** Publishes a post that is due, platform by platform; a payload for an older version does nothing. */
export const publishPostJob = defineJob({
  name: 'publish-post',
  payload: z.object({ postId: z.string().min(1), version: z.number().int().positive() }),
  // Platform failures are handled per target inside; a throw means the worker itself failed (database
  // gone, crash) and the job runs again, reconciling what the first run left in flight.
  retryLimit: 10,
  retryDelaySeconds: 5,
  expireInSeconds: 5 * 60,
});

/** The comment a post asked for under its published item: its own job, so a retry never republishes. */
export const firstCommentJob = defineJob({
  name: 'post-first-comment',
  payload: z.object({ targetId: z.string().min(1) }),
  retryLimit: 5,
  retryDelaySeconds: 30,
});

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

export const postJobs = [publishPostJob, firstCommentJob, sweepDuePostsJob];
