import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';

/** Delivers what is due for one endpoint (dispatch-endpoint.ts); the deliveries table, not the payload, says what. */
export const webhookDispatchJob = defineJob({
  name: 'webhooks.dispatch',
  payload: z.object({ endpointId: z.string().min(1) }),
  retryLimit: 5,
  retryDelaySeconds: 5,
});
