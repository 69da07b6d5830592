import { handleJob } from '../jobs/define-job';
import { deliverSandboxMessageJob } from './sandbox.jobs';
import { deliverSandboxMessage } from './sandbox-message-delivery';

export const sandboxJobHandlers = [
  handleJob(deliverSandboxMessageJob, ({ sandboxMessageId }, { services }) => deliverSandboxMessage(services, sandboxMessageId)),
];
