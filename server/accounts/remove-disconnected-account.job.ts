import { z } from 'zod';
import { defineJob } from '../jobs/define-job';
import { deleteOldManualActions, dueAccountIds, removeDueAccount } from './accounts.service';
import { MANUAL_ACTION_WINDOW } from './connection.service';

/**
 * Removes a disconnected (or access-lost) account once its `deleteOn` has passed. Enqueued with
 * `startAfter = deleteOn` by disconnect; the hourly run catches accounts whose job was lost or
 * whose `deleteOn` was set by a failed connection check. Re-running does nothing more.
 * The hourly run also drops manual-check records older than their counting window.
 */
export const removeDisconnectedAccountJob = defineJob({
  name: 'remove-disconnected-account',
  payload: z.object({ socialAccountId: z.string().min(1).optional() }),
  cron: '17 * * * *',
  retryLimit: 5,
  async handle(payload, { services }) {
    const ids = payload.socialAccountId ? [payload.socialAccountId] : await dueAccountIds(services.db);
    for (const id of ids) {
      const removed = await services.db.transaction((tx) => removeDueAccount(tx, id));
      if (removed) services.logger.info('social account removed', { socialAccountId: id });
    }
    // The hourly run also forgets manual checks that no longer count against any window.
    if (!payload.socialAccountId) await deleteOldManualActions(services.db, MANUAL_ACTION_WINDOW.windowSeconds);
  },
});
