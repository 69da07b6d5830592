import { handleJob } from '../jobs/define-job';
import { reconcileChargesJob } from './billing.jobs';
import { reconcilePendingCharges } from './reconcile-charges';

export const billingJobHandlers = [
  handleJob(reconcileChargesJob, async (_payload, { services }) => {
    const settled = await reconcilePendingCharges(services);
    if (settled.completed + settled.refunded > 0) services.logger.info('pending credit charges settled', settled);
  }),
];
