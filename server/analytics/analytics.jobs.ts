import { z } from 'zod';
import { defineJob } from '../jobs/define-job';

/** Every 15 minutes: accounts and published posts whose analytics are older than their organization's interval get a refresh job. */
export const sweepDueAnalyticsJob = defineJob({
  name: 'sweep-due-analytics',
  payload: z.object({}).passthrough(),
  cron: '*/15 * * * *',
  retryLimit: 1,
});

export const refreshAccountAnalyticsJob = defineJob({
  name: 'refresh-account-analytics',
  payload: z.object({ socialAccountId: z.string().min(1) }),
  retryLimit: 3,
  retryDelaySeconds: 60,
  retryBackoff: true,
});

/** A post published through the service (`postTargetId`) or an imported post (`profilePostId`). */
export const refreshPostAnalyticsJob = defineJob({
  name: 'refresh-post-analytics',
  payload: z.union([z.object({ postTargetId: z.string().min(1) }), z.object({ profilePostId: z.string().min(1) })]),
  retryLimit: 3,
  retryDelaySeconds: 60,
  retryBackoff: true,
});

export const analyticsJobs = [sweepDueAnalyticsJob, refreshAccountAnalyticsJob, refreshPostAnalyticsJob];
