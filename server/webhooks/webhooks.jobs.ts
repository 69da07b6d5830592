import type { AnyJobContract } from '../jobs/define-job';
import { webhookDispatchJob } from './delivery/dispatch.job';
import { webhookRelayJob } from './relay/relay.job';
import { webhookRetentionJob } from './upkeep/retention.job';
import { webhookSweepJob } from './upkeep/sweep.job';

export const webhookJobs: AnyJobContract[] = [webhookRelayJob, webhookDispatchJob, webhookSweepJob, webhookRetentionJob];
