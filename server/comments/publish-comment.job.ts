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
