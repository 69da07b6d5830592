import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { retentionPayload } from '../../uploads/uploads.jobs';

/** Runs one QUEUED execution once its delay has passed. Failed runs are not retried (the spec). */
export const runAutomationExecutionJob = defineJob({
  name: 'run-automation-execution',
  payload: z.object({ executionId: z.string().min(1) }),
  retryLimit: 0,
  expireInSeconds: 5 * 60,
});

/** Every minute: runs that waited past their hour expire, runs that were interrupted go stale. */
export const sweepAutomationExecutionsJob = defineJob({
  name: 'sweep-automation-executions',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
  retryLimit: 1,
});

/** Execution logs are kept 30 days after the run (the spec's retention). */
export const purgeOldExecutionsJob = defineJob({
  name: 'purge-old-automation-executions',
  payload: retentionPayload,
  cron: '47 * * * *',
  retryLimit: 3,
});

export const automationJobs = [runAutomationExecutionJob, sweepAutomationExecutionsJob, purgeOldExecutionsJob];
