import { handleJob } from '../jobs/define-job';
import { dispatchEndpoint } from './delivery/dispatch-endpoint';
import { webhookDispatchJob, webhookRelayJob, webhookRetentionJob, webhookSweepJob } from './webhooks.jobs';
import { runRelay } from './relay/relay-outbox';
import { deleteExpiredWebhookRecords } from './upkeep/retention';
import { sweepWebhooks } from './upkeep/sweep-webhooks';

export const webhookJobHandlers = [
  handleJob(webhookRelayJob, (_payload, { services }) => runRelay(services)),
  handleJob(webhookDispatchJob, ({ endpointId }, { services }) => dispatchEndpoint(services, endpointId)),
  handleJob(webhookSweepJob, (_payload, { services }) => sweepWebhooks(services)),
  handleJob(webhookRetentionJob, (_payload, { services }) => deleteExpiredWebhookRecords(services)),
];
