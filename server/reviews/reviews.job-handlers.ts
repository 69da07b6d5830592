import { handleJob } from '../jobs/define-job';
import { importReviewsJob } from './import-reviews.job';
import { refreshReviewReplyJob } from './refresh-review-reply.job';
import { runReviewImport } from './review-imports.service';
import { followReplyModeration } from './reviews.service';

export const reviewJobHandlers = [
  handleJob(importReviewsJob, (payload, { services, attempt }) =>
    runReviewImport(services, payload.importId, { lastAttempt: attempt > (importReviewsJob.retryLimit ?? 0) }),
  ),
  handleJob(refreshReviewReplyJob, (payload, { services }) => followReplyModeration(services, payload)),
];
