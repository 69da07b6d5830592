import { handleJob } from '../jobs/define-job';
import { refreshExpiringTokensJob, removeDisconnectedAccountJob } from './accounts.jobs';
import { refreshExpiringTokens } from './refresh-expiring-tokens';
import { removeDisconnectedAccounts } from './remove-disconnected-accounts';

export const accountJobHandlers = [
  handleJob(removeDisconnectedAccountJob, (payload, { services }) => removeDisconnectedAccounts(services, payload.socialAccountId)),
  handleJob(refreshExpiringTokensJob, (_payload, { services }) => refreshExpiringTokens(services)),
];
