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

/** Reads a review back from the platform while its owner reply is in moderation (PENDING). */
export const refreshReviewReplyJob = defineJob({
  name: 'refresh-review-reply',
  payload: z.object({ reviewId: z.string().min(1), check: z.number().int().min(0) }),
  retryLimit: 3,
  retryDelaySeconds: 15,
  expireInSeconds: 60,
});

/** Hourly: locations and pages not synced for a while get an import within their monthly capacity (review-sync.service.ts). */
export const syncReviewsJob = defineJob({
  name: 'sync-reviews',
  payload: z.object({}).passthrough(),
  cron: '23 * * * *',
  retryLimit: 1,
});

export const reviewJobs = [importReviewsJob, refreshReviewReplyJob, syncReviewsJob];
