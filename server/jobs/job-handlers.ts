import { accountJobHandlers } from '../accounts/accounts.job-handlers';
import { automationJobHandlers } from '../automations/executor/executor.job-handlers';
import { analyticsJobHandlers } from '../analytics/analytics.job-handlers';
import { billingJobHandlers } from '../billing/billing.job-handlers';
import { commentJobHandlers } from '../comments/comments.job-handlers';
import { inboxJobHandlers } from '../inbox/inbox.job-handlers';
import { ingestJobHandlers } from '../ingest/ingest.job-handlers';
import { postJobHandlers } from '../posts/posts.job-handlers';
import { reviewJobHandlers } from '../reviews/reviews.job-handlers';
import { sandboxJobHandlers } from '../sandbox/sandbox.job-handlers';
import { postHistoryJobHandlers } from '../post-history/post-history.job-handlers';
import { uploadJobHandlers } from '../uploads/uploads.job-handlers';
import { webhookJobHandlers } from '../webhooks/webhooks.job-handlers';
import type { AnyJobHandler } from './define-job';
import { housekeepingHandler } from './housekeeping.job-handlers';

/**
 * Every job handler of the product, registered here and nowhere else. Only worker processes load
 * this module (bootstrap imports it on demand), so the code that runs jobs, and everything it
 * imports, stays out of the graph of anything that merely sends them. Each contract in all-jobs.ts
 * has exactly one handler here (job-handlers.test.ts checks it).
 */
export const jobHandlers: AnyJobHandler[] = [
  housekeepingHandler,
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
  ...inboxJobHandlers,
  ...automationJobHandlers,
  ...sandboxJobHandlers,
];
