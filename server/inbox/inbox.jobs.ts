import { purgeOldMessagesJob } from './purge-old-messages.job';
import { reconcilePendingMessagesJob } from './reconcile-pending-messages.job';

export const inboxJobs = [purgeOldMessagesJob, reconcilePendingMessagesJob];
