import { handleJob } from '../jobs/define-job';
import { importReviewsJob, refreshReviewReplyJob } from './reviews.jobs';
import { failReviewImportAfterRetries, runReviewImport } from './review-imports.service';
import { followReplyModeration } from './reviews.service';

export const reviewJobHandlers = [
  handleJob(importReviewsJob, (payload, { services }) => runReviewImport(services, payload.importId), {
    afterLastAttempt: (payload, error, { services }) => failReviewImportAfterRetries(services.db, payload.importId, error),
  }),
  handleJob(refreshReviewReplyJob, (payload, { services }) => followReplyModeration(services, payload)),
];
