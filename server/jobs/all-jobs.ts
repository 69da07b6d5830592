import type { AnyJobDefinition } from './define-job';
import { housekeepingJob } from './housekeeping.job';
import { postJobs } from '../posts/posts.jobs';
import { uploadJobs } from '../uploads/uploads.jobs';
import { webhookJobs } from '../webhooks/webhooks.jobs';
import { removeDisconnectedAccountJob } from '../accounts/remove-disconnected-account.job';
import { dispatchInboundEventJob } from '../ingest/dispatch-inbound-event.job';

/** Every job kind of the product; each domain adds its own here. */
export const allJobs: AnyJobDefinition[] = [housekeepingJob, ...webhookJobs, removeDisconnectedAccountJob, dispatchInboundEventJob, ...uploadJobs, ...postJobs];
