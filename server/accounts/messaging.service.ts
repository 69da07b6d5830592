import { AppError, BadRequestError } from '../http/errors';
import { getOrganization } from '../organizations/organizations.service';
import type { AppServices } from '../services';
import { getTeam } from '../teams/teams.service';
import { PlatformError } from '../platforms/platform-error';
import { platformOf } from '../platforms/registry';
import { findLiveAccount, updateAccount, type AccountRef } from './accounts.service';
import { channelModelOf, type SocialAccountRow } from './account-record';
import { withCredentials } from './credentials';
import { messagingOf } from '../platforms/messaging-of';

export function toMessagingResult(row: SocialAccountRow) {
  return { socialAccountId: row.id, type: row.type, messagingStatus: row.messagingStatus, messagingLastError: row.messagingLastError };
}

/** The checks both directions share: DMs enabled for the organization, an account of the type. */
async function messagingAccount(services: AppServices, ref: AccountRef): Promise<SocialAccountRow> {
  const organization = await getOrganization(services.db, ref.organizationId);
  // An organization not enabled for DMs does not see messaging at all (spec: 404 "Not found").
  if (!organization.dmsEnabled) throw new AppError(404, 'Not found');
  await getTeam(services.db, { organizationId: ref.organizationId, id: ref.teamId });
  const row = await findLiveAccount(services.db, ref);
  if (!row) throw new BadRequestError(`The team has no ${platformOf(ref.type).label} account: connect one first`);
  return row;
}

/** Where messaging webhooks are subscribed: the selected page, or the account itself. */
function messagingTarget(row: SocialAccountRow): { externalId: string } {
  const model = channelModelOf(row);
  if (model?.selection === 'required' && !row.selectedChannelId) {
    throw new BadRequestError(`No ${model.label.toLowerCase()} is selected for this ${platformOf(row.type).label} account: select one with set-channel first`);
  }
  if (!row.externalId) throw new BadRequestError('No page or account is selected for this social account');
  return { externalId: row.externalId };
}

/** Subscribes the account to DMs (and comments). Idempotent; a refusal keeps the previous status (502). */
export async function enableMessaging(services: AppServices, ref: AccountRef): Promise<SocialAccountRow> {
  const row = await messagingAccount(services, ref);
  if (row.messagingStatus === 'ENABLED') return row;
  if (!row.permissions.includes('messaging')) {
    throw new BadRequestError(`This ${platformOf(row.type).label} account lacks messaging permissions: reconnect it with withMessagingScope: true`);
  }
  const target = messagingTarget(row);
  try {
    await withCredentials(services, row, (connector, credentials) => {
      if (!connector.messaging) throw new BadRequestError(`${platformOf(row.type).label} has no direct messages`);
      return connector.messaging.subscribe({ db: services.db, publicUrl: services.config.publicUrl }, credentials, target);
    });
  } catch (error) {
    if (error instanceof PlatformError) await services.db.transaction((tx) => updateAccount(tx, row, { messagingLastError: error.message }));
    throw refused(error, 'refused the messaging subscription');
  }
  return services.db.transaction((tx) => updateAccount(tx, row, { messagingStatus: 'ENABLED', messagingLastError: null, messagingEnabledAt: new Date() }));
}

/**
 * Stops DM processing at once (DISABLE_PENDING is written before the platform is asked), then
 * unsubscribes; if the platform does not confirm, the status stays DISABLE_PENDING (502, retry).
 */
export async function disableMessaging(services: AppServices, ref: AccountRef): Promise<SocialAccountRow> {
  let row = await messagingAccount(services, ref);
  if (row.messagingStatus === 'DISABLED') return row;
  if (row.messagingStatus === 'ENABLED') row = await services.db.transaction((tx) => updateAccount(tx, row, { messagingStatus: 'DISABLE_PENDING' }));
  const target = messagingTarget(row);
  try {
    await withCredentials(services, row, (connector, credentials) =>
      messagingOf(connector, 'messaging.unsubscribe').unsubscribe({ db: services.db, publicUrl: services.config.publicUrl }, credentials, target),
    );
  } catch (error) {
    if (error instanceof PlatformError) await services.db.transaction((tx) => updateAccount(tx, row, { messagingLastError: error.message }));
    throw refused(error, 'has not confirmed the unsubscription yet; status is DISABLE_PENDING, retry later');
  }
  return services.db.transaction((tx) => updateAccount(tx, row, { messagingStatus: 'DISABLED', messagingLastError: null, messagingEnabledAt: null }));
}

/** Platform refusals answer 502 (the spec's status for messaging), whatever the platform's reason. */
function refused(error: unknown, what: string): unknown {
  if (!(error instanceof PlatformError)) return error;
  return new PlatformError({
    code: error.code === 'RATE_LIMITED' ? 'TRANSIENT' : error.code,
    message: `${platformOf(error.meta.platform).label} ${what}: ${error.message}`,
    httpStatus: error.httpStatus,
    userFacingMessage: error.userFacingMessage,
    isTransient: error.isTransient,
    retryability: error.retryability,
    meta: error.meta,
  });
}
