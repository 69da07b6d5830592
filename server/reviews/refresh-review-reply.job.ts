import { z } from 'zod';
import { defineJob } from '../jobs/define-job';

/** Reads a review back from the platform while its owner reply is in moderation (PENDING). */
export const refreshReviewReplyJob = defineJob({
  name: 'refresh-review-reply',
  payload: z.object({ reviewId: z.string().min(1), check: z.number().int().min(0) }),
  retryLimit: 3,
  retryDelaySeconds: 15,
  expireInSeconds: 60,
});
