import { z } from 'zod';
import { defineJob } from '../jobs/define-job';

/**
 * The sandbox platform's delivery receipt for a message the service sent: enqueued with the
 * message on the platform's side, it sends the `message.delivered` webhook through the ingestion
 * path (sandbox-message-delivery.ts), as Messenger and Instagram do a moment later.
 */
export const deliverSandboxMessageJob = defineJob({
  name: 'sandbox-deliver-message',
  payload: z.object({ sandboxMessageId: z.string().min(1) }),
  retryLimit: 5,
});

export const sandboxJobs = [deliverSandboxMessageJob];
