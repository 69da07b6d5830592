import { and, count, desc, eq } from 'drizzle-orm';
import { accountSummaries } from '../accounts/account-summaries';
import type { SocialAccountRow } from '../accounts/account-record';
import { getAccountById } from '../accounts/accounts.service';
import { withCredentials } from '../accounts/credentials';
import type { Database, Executor } from '../db/client';
import { automationProviderSettings } from '../db/schema/automations';
import { socialAccounts } from '../db/schema/social-accounts';
import { BadRequestError, NotFoundError } from '../http/errors';
import { PlatformError, type PlatformErrorCode } from '../platforms/platform-error';
import type { MessengerSetting } from '../platforms/provider-settings';
import { platformOf } from '../platforms/registry';
import type { PostPlatform } from '../platforms/platform-types';
import type { AppServices } from '../services';
import { getTeam } from '../teams/teams.service';
import { PROVIDER_SETTING_PLATFORM, type ProviderSettingStatus, type ProviderSettingType } from './shared/automation-constants';
import type { IceBreakersConfig, PersistentMenuConfig } from './shared/provider-setting-config';

type SettingRow = typeof automationProviderSettings.$inferSelect;
type OrgScope = { organizationId: string };

async function present(db: Executor, rows: SettingRow[]) {
  const byId = await accountSummaries(
    db,
    rows.map((row) => row.socialAccountId),
  );
  return rows.map((row) => ({
    id: row.id,
    teamId: row.teamId,
    platform: row.platform,
    socialAccountId: row.socialAccountId,
    type: row.type,
    status: row.status,
    config: row.config,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    lastSyncError: row.lastSyncError ?? null,
    socialAccount: byId.get(row.socialAccountId) ?? { id: row.socialAccountId, type: row.platform, username: null },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

async function presentOne(db: Executor, row: SettingRow) {
  const [dto] = await present(db, [row]);
  return dto!;
}

export type SettingListInput = OrgScope & {
  teamId: string;
  platform?: PostPlatform;
  socialAccountId?: string;
  type?: ProviderSettingType;
  status?: ProviderSettingStatus;
  offset: number;
  limit: number;
};

/** Most recently updated first. */
export async function listProviderSettings(db: Executor, input: SettingListInput) {
  await getTeam(db, { organizationId: input.organizationId, id: input.teamId });
  const filters = and(
    eq(automationProviderSettings.organizationId, input.organizationId),
    eq(automationProviderSettings.teamId, input.teamId),
    input.platform ? eq(automationProviderSettings.platform, input.platform) : undefined,
    input.socialAccountId ? eq(automationProviderSettings.socialAccountId, input.socialAccountId) : undefined,
    input.type ? eq(automationProviderSettings.type, input.type) : undefined,
    input.status ? eq(automationProviderSettings.status, input.status) : undefined,
  );
  const rows = await db
    .select()
    .from(automationProviderSettings)
    .where(filters)
    .orderBy(desc(automationProviderSettings.updatedAt), desc(automationProviderSettings.id))
    .offset(input.offset)
    .limit(input.limit);
  const [total] = await db.select({ value: count() }).from(automationProviderSettings).where(filters);
  return { items: await present(db, rows), total: total?.value ?? 0 };
}

export type SaveSettingInput = {
  teamId: string;
  platform: 'INSTAGRAM' | 'FACEBOOK';
  config: IceBreakersConfig | PersistentMenuConfig;
  status?: 'DRAFT' | 'DISABLED';
};

/** Saves the config of an account's setting (one per account and type). Never touches the platform. */
export async function saveProviderSetting(db: Database, params: OrgScope & { socialAccountId: string; type: ProviderSettingType }, input: SaveSettingInput) {
  await getTeam(db, { organizationId: params.organizationId, id: input.teamId });
  const account = await getAccountById(db, { organizationId: params.organizationId, id: params.socialAccountId });
  if (account.teamId !== input.teamId) throw new NotFoundError('Social account');
  const wanted = PROVIDER_SETTING_PLATFORM[params.type];
  if (input.platform !== wanted) {
    throw new BadRequestError(`platform must match the type: ${params.type} belongs to ${wanted}`, [
      { code: 'custom', path: ['platform'], message: `${params.type} belongs to ${wanted}` },
    ]);
  }
  if (account.type !== wanted) throw new BadRequestError(`Social account ${account.id} is on ${account.type}: ${params.type} needs an account on ${wanted}`);
  const values = { teamId: input.teamId, platform: wanted, config: input.config, status: input.status ?? ('DRAFT' as const), updatedAt: new Date() };
  const [row] = await db
    .insert(automationProviderSettings)
    .values({ ...values, organizationId: params.organizationId, socialAccountId: account.id, type: params.type })
    .onConflictDoUpdate({ target: [automationProviderSettings.socialAccountId, automationProviderSettings.type], set: values })
    .returning();
  return presentOne(db, row!);
}

async function getSettingRow(db: Executor, params: OrgScope & { id: string }): Promise<SettingRow> {
  const [row] = await db
    .select()
    .from(automationProviderSettings)
    .where(and(eq(automationProviderSettings.organizationId, params.organizationId), eq(automationProviderSettings.id, params.id)));
  if (!row) throw new NotFoundError('Provider setting');
  return row;
}

/** What the platform is sent: the saved config in the connector's words. */
function messengerSetting(row: SettingRow): MessengerSetting {
  if (row.type === 'INSTAGRAM_ICE_BREAKERS') return { type: row.type, ...(row.config as IceBreakersConfig) };
  return { type: row.type, ...(row.config as PersistentMenuConfig) };
}

/** Platform answers that mean the service cannot push at all (no usable token or grant): the setting records why. */
const CANNOT_PUSH: readonly PlatformErrorCode[] = ['ACCESS_REVOKED', 'TOKEN_EXPIRED', 'PERMISSION_MISSING'];

/** The platform refused the config: the call answers its message (502, or 429 when rate-limited); nothing is recorded. */
function rejected(error: PlatformError, type: ProviderSettingType): PlatformError {
  const what = type === 'INSTAGRAM_ICE_BREAKERS' ? 'the ice breakers' : 'the persistent menu';
  return new PlatformError({
    code: error.code,
    message: `${platformOf(error.meta.platform).label} rejected ${what}: ${error.message}`,
    httpStatus: error.httpStatus,
    userFacingMessage: error.userFacingMessage,
    isTransient: error.isTransient,
    retryability: error.retryability,
    meta: error.meta,
  });
}

/** Why nothing can be pushed for this account, before asking the platform; null when a push can be tried. */
function pushImpossible(account: SocialAccountRow | null): string | null {
  if (!account || account.deletedAt) return 'The social account is disconnected: reconnect it, then sync again';
  if (!account.permissions.includes('messaging')) return 'The account lacks messaging permissions: reconnect it with withMessagingScope: true, then sync again';
  if (!account.externalId) return 'No page or account is selected for this social account: select one, then sync again';
  return null;
}

/**
 * Pushes the saved config to the platform (or, for a DISABLED setting, removes it there). A push
 * that cannot happen (no usable token, missing permission) is recorded as SYNC_FAILED with its
 * reason; a platform that refuses the config answers an error and the previous status stays.
 */
export async function syncProviderSetting(services: AppServices, params: OrgScope & { id: string }) {
  const db = services.db;
  const row = await getSettingRow(db, params);
  const [account] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, row.socialAccountId));
  const record = async (changes: Partial<SettingRow>) => {
    const [updated] = await db
      .update(automationProviderSettings)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(automationProviderSettings.id, row.id))
      .returning();
    return presentOne(db, updated!);
  };
  const impossible = pushImpossible(account ?? null);
  if (impossible) return record({ status: 'SYNC_FAILED', lastSyncError: { message: impossible } });
  try {
    await withCredentials(services, account!, (connector, credentials) => {
      if (!connector.providerSettings?.types.includes(row.type)) throw new BadRequestError(`${row.type} is not available on ${account!.type}`);
      const env = { db, publicUrl: services.config.publicUrl };
      return row.status === 'DISABLED'
        ? connector.providerSettings.remove(env, credentials, { pageId: account!.externalId!, type: row.type })
        : connector.providerSettings.push(env, credentials, { pageId: account!.externalId!, setting: messengerSetting(row) });
    });
  } catch (error) {
    if (error instanceof PlatformError && CANNOT_PUSH.includes(error.code)) {
      return record({ status: 'SYNC_FAILED', lastSyncError: { message: error.message } });
    }
    throw error instanceof PlatformError ? rejected(error, row.type) : error;
  }
  // Removal leaves the record DISABLED (the spec states nothing beyond the removal); a push makes it SYNCED.
  return record({ status: row.status === 'DISABLED' ? 'DISABLED' : 'SYNCED', lastSyncedAt: new Date(), lastSyncError: null });
}
