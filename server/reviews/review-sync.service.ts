import { and, eq, gt, inArray, isNotNull, isNull, notExists } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { reviewImports } from '../db/schema/reviews';
import { socialAccounts } from '../db/schema/social-accounts';
import { ConflictError, QuotaExceededError } from '../http/errors';
import type { AppServices } from '../services';
import { startReviewImport } from './review-imports.service';
import { reviewCapacity } from './review-quota';
import { REVIEW_PLATFORMS, type ReviewPlatform } from './shared/review-constants';
import { REVIEW_SYNC_EVERY_HOURS, reviewSyncCount } from './shared/review-sync-budget';

/** Review accounts with a location (or page) selected and no import started within the sync interval. */
async function accountsDueForSync(db: Executor, now: Date, only?: { organizationId: string }) {
  const since = new Date(now.getTime() - REVIEW_SYNC_EVERY_HOURS * 3_600_000);
  return db
    .select({ id: socialAccounts.id, organizationId: socialAccounts.organizationId, teamId: socialAccounts.teamId, type: socialAccounts.type })
    .from(socialAccounts)
    .where(
      and(
        inArray(socialAccounts.type, [...REVIEW_PLATFORMS]),
        isNull(socialAccounts.deletedAt),
        isNotNull(socialAccounts.selectedChannelId),
        isNotNull(socialAccounts.externalId),
        only ? eq(socialAccounts.organizationId, only.organizationId) : undefined,
        notExists(
          db
            .select({ id: reviewImports.id })
            .from(reviewImports)
            .where(and(eq(reviewImports.socialAccountId, socialAccounts.id), gt(reviewImports.createdAt, since))),
        ),
      ),
    );
}

async function hasImported(db: Executor, socialAccountId: string) {
  const [row] = await db.select({ id: reviewImports.id }).from(reviewImports).where(eq(reviewImports.socialAccountId, socialAccountId)).limit(1);
  return !!row;
}

/**
 * The scheduled sync (hourly cron): each due account gets an import sized by `reviewSyncCount`, so
 * the monthly capacity is spread over the month. Accounts with nothing left this month, or with an
 * import still running, are skipped; they are due again at the next sweep. `only` limits the sweep
 * to one organization (tests share a database).
 */
export async function sweepReviewSyncs(services: AppServices, options: { now?: Date; only?: { organizationId: string } } = {}) {
  const now = options.now ?? new Date();
  const started: { socialAccountId: string; count: number }[] = [];
  for (const account of await accountsDueForSync(services.db, now, options.only)) {
    const capacity = await reviewCapacity(services.db, { organizationId: account.organizationId, socialAccountId: account.id });
    const count = reviewSyncCount({ remaining: capacity.remaining, firstSync: !(await hasImported(services.db, account.id)), manual: false, now });
    if (count === 0) continue;
    try {
      await startReviewImport(
        services,
        { organizationId: account.organizationId, platform: account.type as ReviewPlatform },
        { teamId: account.teamId, count },
      );
      started.push({ socialAccountId: account.id, count });
    } catch (error) {
      // Started by someone else meanwhile, or the month ran out between the two reads: next sweep.
      if (error instanceof ConflictError || error instanceof QuotaExceededError) continue;
      throw error;
    }
  }
  return started;
}
