import { handleJob } from '../jobs/define-job';
import { dispatchInboundEvent } from './dispatch-inbound-event';
import { dispatchInboundEventJob, pollInboundActivityJob } from './ingest.jobs';
import { pollInboundActivity } from './poll-inbound-activity';

export const pollInboundActivityHandler = handleJob(pollInboundActivityJob, async (_payload, { services }) => {
  await pollInboundActivity(services);
});

export const ingestJobHandlers = [
  handleJob(dispatchInboundEventJob, ({ inboundEventId }, { services }) => dispatchInboundEvent(services, inboundEventId)),
  pollInboundActivityHandler,
];
