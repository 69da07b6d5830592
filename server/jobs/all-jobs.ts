import { accountJobs } from '../accounts/accounts.jobs';
import { analyticsJobs } from '../analytics/analytics.jobs';
import { automationJobs } from '../automations/executor/executor.jobs';
import { billingJobs } from '../billing/billing.jobs';
import { commentJobs } from '../comments/comments.jobs';
import { inboxJobs } from '../inbox/inbox.jobs';
import { ingestJobs } from '../ingest/ingest.jobs';
import { postCsvImportJobs } from '../post-csv-import/post-csv-import.jobs';
import { postHistoryJobs } from '../post-history/post-history.jobs';
import { postJobs } from '../posts/posts.jobs';
import { reviewJobs } from '../reviews/reviews.jobs';
import { sandboxJobs } from '../sandbox-platform/sandbox.jobs';
import { uploadJobs } from '../uploads/uploads.jobs';
import { webhookJobs } from '../webhooks/webhooks.jobs';
import type { AnyJobContract } from './define-job';
import { housekeepingJobs } from './housekeeping.jobs';

/**
 * Every job kind of the product, as contracts: every role creates these queues so that any job can
 * be sent from anywhere. Nothing is declared here. A domain folder keeps all its contracts in one
 * `<domain>.jobs.ts` (zod and define-job.ts only, exporting the list `<domain>Jobs`) and their
 * handlers in `<domain>.job-handlers.ts` (exporting `<domain>JobHandlers`): adding a job touches
 * those two files and nothing else. Only a folder that gets its first job adds its two lists, here
 * and in job-handlers.ts; job-handlers.test.ts fails until both are in.
 */
export const allJobs: AnyJobContract[] = [
  ...housekeepingJobs,
  ...webhookJobs,
  ...accountJobs,
  ...ingestJobs,
  ...uploadJobs,
  ...postJobs,
  ...commentJobs,
  ...analyticsJobs,
  ...billingJobs,
  ...reviewJobs,
  ...postHistoryJobs,
  ...postCsvImportJobs,
  ...inboxJobs,
  ...automationJobs,
  ...sandboxJobs,
];
