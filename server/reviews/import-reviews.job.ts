import { z } from 'zod';
import { defineJob } from '../jobs/define-job';

/** Walks a location's reviews (or a page's recommendations) for an import run. */
export const importReviewsJob = defineJob({
  name: 'import-reviews',
  payload: z.object({ importId: z.string().min(1) }),
  retryLimit: 4,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 10 * 60,
});
