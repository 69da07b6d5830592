import { z } from 'zod';
import { defineJob, type AnyJobContract } from '../jobs/define-job';

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
});

/** Uploads no post has used for 14 days (or never used within 14 days of upload) are removed. */
export const cleanUpUnusedUploadsJob = defineJob({
  name: 'clean-up-unused-uploads',
  payload: retentionPayload,
  cron: '47 * * * *',
  retryLimit: 3,
});

export const uploadJobs: AnyJobContract[] = [purgeDeletedUploadsJob, cleanUpUnusedUploadsJob];
