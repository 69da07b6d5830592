import { handleJob } from '../jobs/define-job';
import { fetchParticipantProfileJob, purgeOldMessagesJob, reconcilePendingMessagesJob } from './inbox.jobs';
import { fetchParticipantProfile } from './participant-profile';
import { purgeOldMessages } from './inbox-retention.service';
import { reconcilePendingMessages } from './reconcile-pending-messages';

export const purgeOldMessagesHandler = handleJob(purgeOldMessagesJob, async (payload, { services }) => {
  const removed = await purgeOldMessages(services.db, payload);
  if (removed.messages + removed.conversations > 0) services.logger.info('old messages purged', removed);
});

export const reconcilePendingMessagesHandler = handleJob(
  reconcilePendingMessagesJob,
  async (_payload, { services }) => {
    await reconcilePendingMessages(services);
  },
  // A worker that starts resolves what a crashed one left, without waiting for the minute.
  {
    async atWorkerStart({ services }) {
      await reconcilePendingMessages(services);
    },
  },
);

export const fetchParticipantProfileHandler = handleJob(fetchParticipantProfileJob, (payload, { services }) => fetchParticipantProfile(services, payload));

export const inboxJobHandlers = [purgeOldMessagesHandler, reconcilePendingMessagesHandler, fetchParticipantProfileHandler];
