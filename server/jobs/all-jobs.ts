import type { AnyJobContract } from './define-job';
import { housekeepingJob } from './housekeeping.job';
import { postJobs } from '../posts/posts.jobs';
import { uploadJobs } from '../uploads/uploads.jobs';
import { webhookJobs } from '../webhooks/webhooks.jobs';
import { removeDisconnectedAccountJob } from '../accounts/remove-disconnected-account.job';
import { dispatchInboundEventJob } from '../ingest/dispatch-inbound-event.job';
import { analyticsJobs } from '../analytics/analytics.jobs';
import { billingJobs } from '../billing/billing.jobs';
import { commentJobs } from '../comments/comments.jobs';
import { reviewJobs } from '../reviews/reviews.jobs';
import { postHistoryJobs } from '../post-history/post-history.jobs';
import { automationJobs } from '../automations/executor/executor.jobs';
import { inboxJobs } from '../inbox/inbox.jobs';
import { sandboxJobs } from '../platforms/sandbox/deliver-sandbox-message.job';

/**
 * Every job kind of the product, as contracts: every role creates these queues so that any job can
 * be sent from anywhere. Each domain adds its own here, and its handler to job-handlers.ts.
 */
export const allJobs: AnyJobContract[] = [
  housekeepingJob,
  ...webhookJobs,
  removeDisconnectedAccountJob,
  dispatchInboundEventJob,
  ...uploadJobs,
  ...postJobs,
  ...commentJobs,
  ...analyticsJobs,
  ...billingJobs,
  ...reviewJobs,
  ...postHistoryJobs,
  ...inboxJobs,
  ...automationJobs,
  ...sandboxJobs,
];
