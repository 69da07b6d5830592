import { handleJob } from '../jobs/define-job';
import { dispatchInboundEvent } from './dispatch-inbound-event';
import { dispatchInboundEventJob } from './ingest.jobs';

export const ingestJobHandlers = [handleJob(dispatchInboundEventJob, ({ inboundEventId }, { services }) => dispatchInboundEvent(services, inboundEventId))];
