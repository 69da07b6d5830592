import { handleJob } from '../jobs/define-job';
import { purgeOldMessagesJob } from './purge-old-messages.job';
import { purgeOldMessages } from './inbox-retention.service';

export const purgeOldMessagesHandler = handleJob(purgeOldMessagesJob, async (payload, { services }) => {
  const removed = await purgeOldMessages(services.db, payload);
  if (removed.messages + removed.conversations > 0) services.logger.info('old messages purged', removed);
});

export const inboxJobHandlers = [purgeOldMessagesHandler];
