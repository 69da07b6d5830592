// Browser-safe (see docs/decisions/011): the scheduled sync (server) and "Sync now" (dashboard)
// size their imports with the same rule. Decision 082.
import { MAX_REVIEWS_PER_IMPORT } from './review-constants';

/** How often the service imports each location's (or page's) reviews on its own. */
export const REVIEW_SYNC_EVERY_HOURS = 6;
const SYNC_EVERY_MS = REVIEW_SYNC_EVERY_HOURS * 3_600_000;

function msLeftInUtcMonth(now: Date) {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - now.getTime();
}

/**
 * New reviews one sync may store, so the monthly capacity lasts the month: imports walk newest
 * first, so what arrived since the last sync is taken before older history, and history fills in
 * with what the month leaves. The first sync of an account takes half of what is left (a first
 * look at its recent reviews); later scheduled syncs a share per remaining sync of the month;
 * "Sync now" a day's share. Never more than one import may ask for; 0 when the month is spent.
 */
export function reviewSyncCount(params: { remaining: number; firstSync: boolean; manual: boolean; now?: Date }): number {
  const { remaining, firstSync, manual, now = new Date() } = params;
  if (remaining <= 0) return 0;
  const left = msLeftInUtcMonth(now);
  const share = firstSync ? Math.ceil(remaining / 2) : Math.ceil(remaining / Math.max(1, Math.ceil(left / (manual ? 86_400_000 : SYNC_EVERY_MS))));
  return Math.min(MAX_REVIEWS_PER_IMPORT, Math.max(1, share));
}
