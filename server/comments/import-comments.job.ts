import { z } from 'zod';
import { defineJob } from '../jobs/define-job';

/** Fetches one post's comments from its platform for an import run. */
export const importCommentsJob = defineJob({
  name: 'import-comments',
  payload: z.object({ importId: z.string().min(1) }),
  retryLimit: 5,
  retryDelaySeconds: 10,
  expireInSeconds: 5 * 60,
});
