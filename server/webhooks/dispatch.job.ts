import { z } from 'zod';
import { defineJob } from '../jobs/define-job';
import { dispatchEndpoint } from './dispatcher';

/** Delivers what is due for one endpoint; the deliveries table, not the payload, says what. */
export const dispatchJob = defineJob({
  name: 'webhooks.dispatch',
  payload: z.object({ endpointId: z.string().min(1) }),
  retryLimit: 5,
  retryDelaySeconds: 5,
  async handle({ endpointId }, { services }) {
    await dispatchEndpoint(services, endpointId);
  },
});
