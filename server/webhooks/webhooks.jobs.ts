import type { AnyJobDefinition } from '../jobs/define-job';
import { cleanupJob } from './cleanup.job';
import { dispatchJob } from './dispatch.job';
import { relayJob } from './relay.job';
import { sweepJob } from './sweep.job';

export const webhookJobs: AnyJobDefinition[] = [relayJob, dispatchJob, sweepJob, cleanupJob];
