import type { AppServices } from '../services';
import { deleteOldManualActions, dueAccountIds, removeDueAccount } from './accounts.service';
import { MANUAL_ACTION_WINDOW } from './connection.service';

/**
 * Removes one account, or every account, whose grace period is over; re-running does nothing more.
 * The run over every account also drops manual-check records older than their counting window.
 */
export async function removeDisconnectedAccounts(services: AppServices, socialAccountId?: string): Promise<void> {
  const ids = socialAccountId ? [socialAccountId] : await dueAccountIds(services.db);
  for (const id of ids) {
    const removed = await services.db.transaction((tx) => removeDueAccount(tx, id));
    if (removed) services.logger.info('social account removed', { socialAccountId: id });
  }
  if (!socialAccountId) await deleteOldManualActions(services.db, MANUAL_ACTION_WINDOW.windowSeconds);
}
