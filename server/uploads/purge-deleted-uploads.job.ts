import { z } from 'zod';
import { defineJob } from '../jobs/define-job';
import { purgeDueUploads, removeAbandonedSessions } from './uploads-retention.service';

/**
 * Cron runs send `{}`: everything, as of now. `now` and `organizationId` let operators and tests
 * run a clean-up as of another moment or for one organization.
 */
export const retentionPayload = z
  .object({ now: z.string().datetime().optional(), organizationId: z.string().min(1).optional() })
  .passthrough()
  .transform(({ now, organizationId }) => ({ now: now ? new Date(now) : new Date(), organizationId }));

/** Deleted uploads are kept two days, then their files and rows go; abandoned three-step sessions too. */
export const purgeDeletedUploadsJob = defineJob({
  name: 'purge-deleted-uploads',
  payload: retentionPayload,
  cron: '17 * * * *',
  retryLimit: 3,
  async handle(payload, { services }) {
    const uploads = await purgeDueUploads(services, payload);
    const sessions = await removeAbandonedSessions(services, payload);
    if (uploads + sessions > 0) services.logger.info('uploads purged', { uploads, sessions });
  },
});
