import { handleJob } from '../jobs/define-job';
import { importReviewsJob, refreshReviewReplyJob, syncReviewsJob } from './reviews.jobs';
import { failReviewImportAfterRetries, runReviewImport } from './review-imports.service';
import { sweepReviewSyncs } from './review-sync.service';
import { followReplyModeration } from './reviews.service';

export const reviewJobHandlers = [
  handleJob(importReviewsJob, (payload, { services }) => runReviewImport(services, payload.importId), {
    afterLastAttempt: (payload, error, { services }) => failReviewImportAfterRetries(services.db, payload.importId, error),
  }),
  handleJob(refreshReviewReplyJob, (payload, { services }) => followReplyModeration(services, payload)),
  handleJob(syncReviewsJob, async (_payload, { services }) => {
    const started = await sweepReviewSyncs(services);
    if (started.length > 0) services.logger.info('review syncs started', { accounts: started.length });
  }),
];
