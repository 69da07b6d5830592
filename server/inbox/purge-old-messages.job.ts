import { defineJob } from '../jobs/define-job';
import { retentionPayload } from '../uploads/purge-deleted-uploads.job';

/** Messages go 30 days after creation, conversations after 30 days without activity (the spec's retention). */
export const purgeOldMessagesJob = defineJob({
  name: 'purge-old-messages',
  payload: retentionPayload,
  cron: '41 * * * *',
  retryLimit: 3,
});
