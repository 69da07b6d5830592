import { accountJobHandlers } from '../accounts/accounts.job-handlers';
import { analyticsJobHandlers } from '../analytics/analytics.job-handlers';
import { automationJobHandlers } from '../automations/executor/executor.job-handlers';
import { billingJobHandlers } from '../billing/billing.job-handlers';
import { commentJobHandlers } from '../comments/comments.job-handlers';
import { inboxJobHandlers } from '../inbox/inbox.job-handlers';
import { ingestJobHandlers } from '../ingest/ingest.job-handlers';
import { postCsvImportJobHandlers } from '../post-csv-import/post-csv-import.job-handlers';
import { postHistoryJobHandlers } from '../post-history/post-history.job-handlers';
import { postJobHandlers } from '../posts/posts.job-handlers';
import { reviewJobHandlers } from '../reviews/reviews.job-handlers';
import { sandboxJobHandlers } from '../sandbox-platform/sandbox.job-handlers';
import { uploadJobHandlers } from '../uploads/uploads.job-handlers';
import { webhookJobHandlers } from '../webhooks/webhooks.job-handlers';
import type { AnyJobHandler } from './define-job';
import { housekeepingJobHandlers } from './housekeeping.job-handlers';

/**
 * Every job handler of the product. Only worker processes load this module (bootstrap imports it
 * on demand), so the code that runs jobs, and everything it imports, stays out of the graph of
 * anything that merely sends them. Nothing is registered here: each domain folder's
 * `<domain>.job-handlers.ts` exports `<domain>JobHandlers`, one `handleJob` per contract of its
 * `<domain>.jobs.ts`. Adding a job touches those two files and nothing else; only a folder that gets
 * its first job adds its two lists, here and in all-jobs.ts. job-handlers.test.ts checks that every
 * contract has exactly one handler and that both registries hold every domain's list.
 */
export const jobHandlers: AnyJobHandler[] = [
  ...housekeepingJobHandlers,
  ...webhookJobHandlers,
  ...accountJobHandlers,
  ...ingestJobHandlers,
  ...uploadJobHandlers,
  ...postJobHandlers,
  ...analyticsJobHandlers,
  ...billingJobHandlers,
  ...commentJobHandlers,
  ...reviewJobHandlers,
  ...postHistoryJobHandlers,
  ...postCsvImportJobHandlers,
  ...inboxJobHandlers,
  ...automationJobHandlers,
  ...sandboxJobHandlers,
];
