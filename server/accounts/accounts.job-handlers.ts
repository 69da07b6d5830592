import { handleJob } from '../jobs/define-job';
import { removeDisconnectedAccountJob } from './accounts.jobs';
import { removeDisconnectedAccounts } from './remove-disconnected-accounts';

export const accountJobHandlers = [
  handleJob(removeDisconnectedAccountJob, (payload, { services }) => removeDisconnectedAccounts(services, payload.socialAccountId)),
];
