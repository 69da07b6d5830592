import { and, count, eq, gt } from 'drizzle-orm';
import { socialAccountActions } from '../db/schema/social-accounts';
import { RateLimitedError } from '../http/errors';
import type { AppServices } from '../services';
import { PlatformError } from '../platforms/platform-error';
import { platformOf } from '../platforms/registry';
import { DELETE_AFTER_HOURS, requireAccount, updateAccount, type AccountRef } from './accounts.service';
import { choicesOf, identityFor, keptSelection, storedChannels, storedIdentity, type SocialAccountRow } from './account-record';
import { connectorEnv, withCredentials } from './credentials';

/** Manual checks and refreshes call the platform: each is limited per account. */
export const MANUAL_ACTION_WINDOW = { limit: 10, windowSeconds: 3600 };

type Action = (typeof socialAccountActions.$inferInsert)['action'];

/** Counts this use against the account's window, or refuses with 429 and `Retry-After`. */
async function consumeManualAction(services: AppServices, row: SocialAccountRow, action: Action) {
  const since = new Date(Date.now() - MANUAL_ACTION_WINDOW.windowSeconds * 1000);
  return services.db.transaction(async (tx) => {
    const where = and(eq(socialAccountActions.socialAccountId, row.id), eq(socialAccountActions.action, action), gt(socialAccountActions.createdAt, since));
    const [used] = await tx.select({ value: count() }).from(socialAccountActions).where(where);
    const already = used?.value ?? 0;
    if (already >= MANUAL_ACTION_WINDOW.limit) {
      throw new RateLimitedError(
        `At most ${MANUAL_ACTION_WINDOW.limit} ${action} calls per account per hour; try again later`,
        MANUAL_ACTION_WINDOW.windowSeconds,
      );
    }
    await tx.insert(socialAccountActions).values({ socialAccountId: row.id, action });
    const nowUsed = already + 1;
    return {
      limit: MANUAL_ACTION_WINDOW.limit,
      used: nowUsed,
      remaining: MANUAL_ACTION_WINDOW.limit - nowUsed,
      windowSeconds: MANUAL_ACTION_WINDOW.windowSeconds,
    };
  });
}

/** What a platform failure means for the account's connection. */
export function losesAccess(error: PlatformError): boolean {
  return error.retryability === 'RECONNECT';
}

/**
 * The account lost access at the platform (revoked, expired beyond refresh, a permission taken
 * back): it shows as such, with its removal after the 48-hour grace period unless reconnected.
 */
export async function recordLostAccess(services: AppServices, row: SocialAccountRow, at: Date): Promise<void> {
  await services.db.transaction((tx) =>
    updateAccount(tx, row, { disconnectedCheckTryAt: at, deleteOn: row.deleteOn ?? new Date(at.getTime() + DELETE_AFTER_HOURS * 3600_000) }),
  );
}

/**
 * Asks the platform whether the account still works. Lost access starts the 48-hour grace period
 * (`disconnectedCheckTryAt`, `deleteOn`); a later good check ends it.
 */
export async function connectionCheck(services: AppServices, ref: AccountRef) {
  const row = await requireAccount(services.db, ref);
  const window = await consumeManualAction(services, row, 'connection-check');
  const checkedAt = new Date();
  try {
    await withCredentials(services, row, (connector, credentials) => connector.profile.fetch(connectorEnv(services), credentials));
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (losesAccess(error)) await recordLostAccess(services, row, checkedAt);
    return { success: false, message: `${error.message}. ${error.userFacingMessage}`, socialAccountId: row.id, checkedAt: checkedAt.toISOString(), ...window };
  }
  if (row.disconnectedCheckTryAt || row.deleteOn) {
    await services.db.transaction((tx) => updateAccount(tx, row, { disconnectedCheckTryAt: null, deleteOn: null }));
  }
  return { success: true, message: 'The account is connected', socialAccountId: row.id, checkedAt: checkedAt.toISOString(), ...window };
}

/** Re-reads name, picture and channels from the platform. */
export async function profileRefresh(services: AppServices, ref: AccountRef) {
  const row = await requireAccount(services.db, ref);
  const window = await consumeManualAction(services, row, 'profile-refresh');
  const refreshedAt = new Date();
  try {
    const updated = await pullFromPlatform(services, row);
    return { success: true, message: 'Profile refreshed', socialAccountId: row.id, socialAccount: updated, refreshedAt: refreshedAt.toISOString(), ...window };
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return { success: false, message: error.message, socialAccountId: row.id, socialAccount: row, refreshedAt: refreshedAt.toISOString(), ...window };
  }
}

/** Re-lists the account's channels; a selected channel that disappeared is unselected. */
export async function refreshChannels(services: AppServices, ref: AccountRef): Promise<SocialAccountRow> {
  const row = await requireAccount(services.db, ref);
  return pullFromPlatform(services, row);
}

async function pullFromPlatform(services: AppServices, row: SocialAccountRow): Promise<SocialAccountRow> {
  const choices = choicesOf(row);
  const { profile, permissions, channels } = await withCredentials(services, row, async (connector, credentials) => {
    const env = connectorEnv(services);
    const fetched = await connector.profile.fetch(env, credentials);
    return { ...fetched, channels: await connector.profile.listChannels(env, credentials) };
  });
  const stored = storedChannels(row.type, choices, channels);
  const user = storedIdentity(profile);
  const selectedChannelId = keptSelection(row.selectedChannelId, stored);
  const lostSelection = row.selectedChannelId !== selectedChannelId;
  return services.db.transaction((tx) =>
    updateAccount(tx, row, {
      user,
      permissions,
      channels: stored,
      selectedChannelId,
      ...platformOf(row.type).accountFields(profile, choices),
      ...identityFor({ ...row, user, channels: stored, selectedChannelId }),
      ...(lostSelection ? { messagingStatus: 'DISABLED' as const, messagingEnabledAt: null } : {}),
    }),
  );
}
