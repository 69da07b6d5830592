import { z } from 'zod';
import { defineJob } from '../jobs/define-job';

/** Every 5 minutes: charges whose paid X call was interrupted are finished or refunded (reconcile-charges.ts). */
export const reconcileChargesJob = defineJob({
  name: 'reconcile-credit-charges',
  payload: z.object({}).passthrough(),
  cron: '*/5 * * * *',
  retryLimit: 1,
});

export const billingJobs = [reconcileChargesJob];
