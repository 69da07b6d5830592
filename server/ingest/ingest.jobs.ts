import { z } from 'zod';
import { defineJob } from '../jobs/define-job';

/** Hands a stored inbound event to the domain that consumes it (dispatch-inbound-event.ts). */
export const dispatchInboundEventJob = defineJob({
  name: 'dispatch-inbound-event',
  payload: z.object({ inboundEventId: z.string().min(1) }),
  retryLimit: 8,
});

export const ingestJobs = [dispatchInboundEventJob];
