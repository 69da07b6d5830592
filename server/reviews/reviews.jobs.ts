import { importReviewsJob } from './import-reviews.job';
import { refreshReviewReplyJob } from './refresh-review-reply.job';

export const reviewJobs = [importReviewsJob, refreshReviewReplyJob];
