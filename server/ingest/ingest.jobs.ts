import { z } from 'zod';
import { defineJob } from '../jobs/define-job';

/** Hands a stored inbound event to the domain that consumes it (dispatch-inbound-event.ts). */
export const dispatchInboundEventJob = defineJob({
  name: 'dispatch-inbound-event',
  payload: z.object({ inboundEventId: z.string().min(1) }),
  retryLimit: 8,
});

/**
 * Every two minutes: reads recent comments and DMs of live accounts whose platform cannot push them
 * here (Meta without `META_WEBHOOK_VERIFY_TOKEN`) into the ingest path (poll-inbound-activity.ts).
 */
export const pollInboundActivityJob = defineJob({
  name: 'poll-inbound-activity',
  payload: z.object({}).passthrough(),
  cron: '*/2 * * * *',
  retryLimit: 1,
  expireInSeconds: 5 * 60,
});

export const ingestJobs = [dispatchInboundEventJob, pollInboundActivityJob];
