import { defineJob } from '../jobs/define-job';
import { retentionPayload } from './purge-deleted-uploads.job';

/** Uploads no post has used for 14 days (or never used within 14 days of upload) are removed. */
export const cleanUpUnusedUploadsJob = defineJob({
  name: 'clean-up-unused-uploads',
  payload: retentionPayload,
  cron: '47 * * * *',
  retryLimit: 3,
});
