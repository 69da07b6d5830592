import { defineJob } from '../jobs/define-job';
import { retentionPayload } from './purge-deleted-uploads.job';
import { cleanUpUnusedUploads } from './uploads-retention.service';

/** Uploads no post has used for 14 days (or never used within 14 days of upload) are removed. */
export const cleanUpUnusedUploadsJob = defineJob({
  name: 'clean-up-unused-uploads',
  payload: retentionPayload,
  cron: '47 * * * *',
  retryLimit: 3,
  async handle(payload, { services }) {
    const removed = await cleanUpUnusedUploads(services, payload);
    if (removed > 0) services.logger.info('unused uploads removed', { removed });
  },
});
