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
