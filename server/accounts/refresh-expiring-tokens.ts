import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { socialAccounts } from '../db/schema/social-accounts';
import { PlatformError } from '../platforms/platform-error';
import type { AppServices } from '../services';
import { losesAccess, recordLostAccess } from './connection.service';
import { connectorOf, refreshAccountTokens, refreshDue } from './credentials';

/** Further ahead than any connector refreshes (Meta: 30 days before a 60-day token ends). */
const HORIZON_MS = 45 * 86_400_000;
/** Accounts one run looks at; the soonest to expire first, the rest on the next day's run. */
const BATCH = 500;

/**
 * The daily sweep of live tokens that are refreshed ahead of their expiry: an account nobody
 * published with for weeks keeps working (Instagram Login and Threads tokens can only be refreshed
 * while still valid). A refresh the platform refuses for good marks the account as having lost
 * access, as a connection check does; a transient failure waits for the next run.
 */
export async function refreshExpiringTokens(services: AppServices, now = new Date()): Promise<void> {
  const rows = await services.db
    .select()
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.mode, 'live'),
        isNull(socialAccounts.deletedAt),
        isNull(socialAccounts.deleteOn),
        isNotNull(socialAccounts.refreshTokenEnc),
        lte(socialAccounts.tokenExpiresAt, new Date(now.getTime() + HORIZON_MS)),
      ),
    )
    .orderBy(asc(socialAccounts.tokenExpiresAt))
    .limit(BATCH);
  for (const row of rows) {
    let due: boolean;
    try {
      const connector = connectorOf(services, row.type, row.mode);
      // Platforms that refresh only a minute ahead (their tokens are short) refresh on use.
      due = connector.auth.refreshAheadSeconds !== undefined && refreshDue(connector, row, now.getTime());
    } catch {
      // The operator turned the platform's live connector off: nothing can refresh it here.
      continue;
    }
    if (!due) continue;
    try {
      await refreshAccountTokens(services, row);
      services.logger.info('token refreshed ahead of expiry', { socialAccountId: row.id, type: row.type });
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      services.logger.warn('token refresh ahead of expiry failed', { socialAccountId: row.id, type: row.type, code: error.code });
      if (losesAccess(error)) await recordLostAccess(services, row, now);
    }
  }
}
