import { handleJob } from '../jobs/define-job';
import { dispatchEndpoint } from './delivery/dispatch-endpoint';
import { webhookDispatchJob } from './delivery/dispatch.job';
import { runRelay } from './relay/relay-outbox';
import { webhookRelayJob } from './relay/relay.job';
import { deleteExpiredWebhookRecords } from './upkeep/retention';
import { webhookRetentionJob } from './upkeep/retention.job';
import { sweepWebhooks } from './upkeep/sweep-webhooks';
import { webhookSweepJob } from './upkeep/sweep.job';

export const webhookJobHandlers = [
  handleJob(webhookRelayJob, (_payload, { services }) => runRelay(services)),
  handleJob(webhookDispatchJob, ({ endpointId }, { services }) => dispatchEndpoint(services, endpointId)),
  handleJob(webhookSweepJob, (_payload, { services }) => sweepWebhooks(services)),
  handleJob(webhookRetentionJob, (_payload, { services }) => deleteExpiredWebhookRecords(services)),
];
