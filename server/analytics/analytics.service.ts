import { accountAnalytics, postAnalytics } from '../db/schema/analytics';
import { connectorEnv, withCredentials } from '../accounts/credentials';
import type { SocialAccountRow } from '../accounts/account-record';
import { withCharge } from '../billing/credits.service';
import type { BillableAction } from '../billing/prices';
import { newId } from '../db/ids';
import { BadRequestError } from '../http/errors';
import { platformOf } from '../platforms/registry';
import type { AppServices } from '../services';
import { accountOfProfilePost, type ProfilePostRow } from './analytics-targets';
import { releaseForcedRefresh, reserveForcedRefresh } from './forced-refresh-limit';

function noAnalytics(type: string): never {
  throw new BadRequestError(`${platformOf(type).label} has no analytics`);
}

/** Asks the platform for the account's numbers and stores them as a new snapshot. */
export async function snapshotAccount(services: AppServices, account: SocialAccountRow, forced: boolean) {
  const reading = await withCredentials(services, account, (connector, credentials) => {
    if (!connector.analytics) noAnalytics(account.type);
    return connector.analytics.account(connectorEnv(services), credentials, { externalId: account.externalId, selectedChannelId: account.selectedChannelId });
  });
  const [row] = await services.db
    .insert(accountAnalytics)
    .values({ organizationId: account.organizationId, socialAccountId: account.id, ...reading.metrics, raw: reading.raw, forced })
    .returning();
  return row!;
}

/** Asks the platform for a post's numbers and stores them as a new snapshot. */
export async function snapshotPost(services: AppServices, profilePost: ProfilePostRow, forced: boolean) {
  const account = await accountOfProfilePost(services.db, profilePost);
  const reading = await withCredentials(services, account, (connector, credentials) => {
    if (!connector.analytics) noAnalytics(account.type);
    return connector.analytics.post(
      connectorEnv(services),
      credentials,
      { externalId: account.externalId, selectedChannelId: account.selectedChannelId },
      { externalId: profilePost.externalId },
    );
  });
  const [row] = await services.db
    .insert(postAnalytics)
    .values({ organizationId: profilePost.organizationId, profilePostId: profilePost.id, ...reading.metrics, raw: reading.raw, forced })
    .returning();
  return row!;
}

/** A forced refresh: counted against the rolling limit first; a failed platform call gives its use back. */
async function forced<T>(services: AppServices, reservation: Promise<string>, work: () => Promise<T>): Promise<T> {
  const reservationId = await reservation;
  try {
    return await work();
  } catch (error) {
    await releaseForcedRefresh(services.db, reservationId);
    throw error;
  }
}

/**
 * X bills every read from prepaid credits (spec): a forced X refresh is charged like the other
 * metered X actions (402 with nothing read when the balance is short; refunded if the read fails).
 * Other platforms read for free. The background refresh never reads X.
 */
async function billedIfX<T>(
  services: AppServices,
  target: { organizationId: string; platform: string; id: string },
  action: BillableAction,
  read: () => Promise<T>,
) {
  if (target.platform !== 'TWITTER') return read();
  const dedupeKey = `analytics:${target.id}:${newId()}`;
  const { result } = await withCharge(services.db, { organizationId: target.organizationId, action, dedupeKey, details: { analytics: target.id } }, read);
  return result;
}

export function forceAccountRefresh(services: AppServices, account: SocialAccountRow) {
  return forced(services, reserveForcedRefresh(services.db, account.organizationId, { kind: 'account', socialAccountId: account.id }), () =>
    billedIfX(services, { organizationId: account.organizationId, platform: account.type, id: account.id }, 'TWITTER_USER_READ', () =>
      snapshotAccount(services, account, true),
    ),
  );
}

export function forcePostRefresh(services: AppServices, profilePost: ProfilePostRow) {
  return forced(services, reserveForcedRefresh(services.db, profilePost.organizationId, { kind: 'post', profilePostId: profilePost.id }), () =>
    billedIfX(services, { organizationId: profilePost.organizationId, platform: profilePost.platform, id: profilePost.id }, 'TWITTER_POST_READ', () =>
      snapshotPost(services, profilePost, true),
    ),
  );
}
