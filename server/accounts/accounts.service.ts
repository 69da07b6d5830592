import { and, asc, count, eq, inArray, isNotNull, isNull, lt, lte } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { socialAccountActions, socialAccounts } from '../db/schema/social-accounts';
import { recordEvent, type EventType } from '../events/outbox';
import { BadRequestError, ConflictError, NotFoundError } from '../http/errors';
import type { AppServices } from '../services';
import { getTeam } from '../teams/teams.service';
import { platformOf } from '../platforms/registry';
import type { SocialAccountType } from '../platforms/platform-types';
import { identityFor, isUniqueViolation, toSocialAccountDto, channelModelOf, type SocialAccountRow } from './account-record';
import { removeDisconnectedAccountJob } from './accounts.jobs';

/** Disconnected accounts stay this long (the organization's `deleteAccountAfter`) before removal. */
export const DELETE_AFTER_HOURS = 48;

export type AccountRef = { organizationId: string; teamId: string; type: SocialAccountType };

export async function findLiveAccount(db: Executor, ref: AccountRef): Promise<SocialAccountRow | null> {
  const [row] = await db
    .select()
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.organizationId, ref.organizationId),
        eq(socialAccounts.teamId, ref.teamId),
        eq(socialAccounts.type, ref.type),
        isNull(socialAccounts.deletedAt),
      ),
    );
  return row ?? null;
}

/** The team's account of a type; a missing team and a missing account are both 404. */
export async function requireAccount(db: Executor, ref: AccountRef): Promise<SocialAccountRow> {
  await getTeam(db, { organizationId: ref.organizationId, id: ref.teamId });
  const row = await findLiveAccount(db, ref);
  if (!row) throw new NotFoundError(`${platformOf(ref.type).label} account of this team`);
  return row;
}

export async function getAccountById(db: Executor, params: { organizationId: string; id: string }): Promise<SocialAccountRow> {
  const [row] = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.organizationId, params.organizationId), eq(socialAccounts.id, params.id), isNull(socialAccounts.deletedAt)));
  if (!row) throw new NotFoundError('Social account');
  return row;
}

export async function listTeamAccounts(db: Executor, params: { organizationId: string; teamId: string }) {
  const rows = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.organizationId, params.organizationId), eq(socialAccounts.teamId, params.teamId), isNull(socialAccounts.deletedAt)))
    .orderBy(asc(socialAccounts.createdAt));
  return rows.map(toSocialAccountDto);
}

/** Writes the change and its webhook event in one transaction. */
export async function updateAccount(
  db: Executor,
  row: SocialAccountRow,
  changes: Partial<typeof socialAccounts.$inferInsert>,
  event: EventType = 'social-account.updated',
): Promise<SocialAccountRow> {
  const [updated] = await db
    .update(socialAccounts)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(socialAccounts.organizationId, row.organizationId), eq(socialAccounts.id, row.id)))
    .returning();
  if (!updated) throw new NotFoundError('Social account');
  await recordEvent(db, { organizationId: row.organizationId, teamId: row.teamId, type: event, data: toSocialAccountDto(updated) });
  return updated;
}

/**
 * Takes the account off the team now and schedules its removal: it stays (with `deleteOn`) for
 * 48 hours so a mistaken disconnect can be undone by connecting the same account again.
 */
export async function disconnectAccount(services: AppServices, ref: AccountRef): Promise<SocialAccountRow> {
  return services.db.transaction(async (tx) => {
    const row = await requireAccount(tx, ref);
    const now = new Date();
    const deleteOn = new Date(now.getTime() + DELETE_AFTER_HOURS * 3600_000);
    const updated = await updateAccount(tx, row, { deletedAt: now, deleteOn, messagingStatus: 'DISABLED' }, 'social-account.deleted');
    await services.jobs.send(removeDisconnectedAccountJob, { socialAccountId: row.id }, { executor: tx, startAfter: deleteOn });
    return updated;
  });
}

export async function listAccountsToDelete(db: Executor, params: { organizationId: string; page: number; pageSize: number }) {
  const where = and(eq(socialAccounts.organizationId, params.organizationId), isNotNull(socialAccounts.deleteOn));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(socialAccounts)
      .where(where)
      .orderBy(asc(socialAccounts.deleteOn), asc(socialAccounts.id))
      .offset((params.page - 1) * params.pageSize)
      .limit(params.pageSize),
    db.select({ value: count() }).from(socialAccounts).where(where),
  ]);
  const totalCount = total?.value ?? 0;
  return {
    items: rows.map(toSocialAccountDto),
    pagination: { page: params.page, pageSize: params.pageSize, total: totalCount, totalPages: Math.ceil(totalCount / params.pageSize) },
  };
}

/** Tokens that go with a channel choice (a Facebook Page's token), sealed, and the access token they were made from. */
export type ChannelTokens = { from: string; accessTokenEnc: string; refreshTokenEnc: string | null };

/** The account's channel model, if one of its channels can be selected; a 400 otherwise. */
export function selectableModel(row: SocialAccountRow, what: 'select' | 'unset') {
  const model = channelModelOf(row);
  if (!model || model.selection === 'per-post') {
    const thing = what === 'unset' ? 'channel' : model ? model.label.toLowerCase() : 'channel';
    throw new BadRequestError(`This ${platformOf(row.type).label} account has no ${thing} to ${what}`);
  }
  return model;
}

/** The channel must be one of the account's; a 404 otherwise. */
export function requireListedChannel(row: SocialAccountRow, channelId: string): void {
  const model = selectableModel(row, 'select');
  if (!row.channels?.some((channel) => channel.id === channelId)) {
    throw new NotFoundError(`${model.label} ${channelId} among this account's channels (refresh channels if it is new)`);
  }
}

/** Tokens made from the account's access token as it was: a reconnect meanwhile makes them stale. */
function tokenChanges(row: SocialAccountRow, tokens: ChannelTokens | undefined) {
  if (!tokens) return {};
  if (row.accessTokenEnc !== tokens.from) throw new ConflictError('The account was reconnected meanwhile; choose the channel again');
  return { accessTokenEnc: tokens.accessTokenEnc, refreshTokenEnc: tokens.refreshTokenEnc };
}

export async function setChannel(db: Database, ref: AccountRef & { channelId: string; tokens?: ChannelTokens }): Promise<SocialAccountRow> {
  return db.transaction(async (tx) => {
    const row = await requireAccount(tx, ref);
    requireListedChannel(row, ref.channelId);
    if (row.selectedChannelId === ref.channelId && !ref.tokens) return row;
    const changes = tokenChanges(row, ref.tokens);
    if (row.selectedChannelId === ref.channelId) return updateAccount(tx, row, changes);
    // Messaging subscriptions belong to a page: a new page starts with messaging off.
    return updateAccount(tx, row, {
      selectedChannelId: ref.channelId,
      ...identityFor({ ...row, selectedChannelId: ref.channelId }),
      messagingStatus: 'DISABLED',
      messagingLastError: null,
      messagingEnabledAt: null,
      ...changes,
    });
  });
}

export async function unsetChannel(db: Database, ref: AccountRef & { tokens?: ChannelTokens }): Promise<SocialAccountRow> {
  return db.transaction(async (tx) => {
    const row = await requireAccount(tx, ref);
    selectableModel(row, 'unset');
    if (!row.selectedChannelId) return row;
    return updateAccount(tx, row, {
      selectedChannelId: null,
      ...identityFor({ ...row, selectedChannelId: null }),
      messagingStatus: 'DISABLED',
      messagingLastError: null,
      messagingEnabledAt: null,
      ...tokenChanges(row, ref.tokens),
    });
  });
}

/**
 * Connects the same platform accounts to another team: same tokens and permissions, a record of
 * its own. `resetChannel` leaves the selected page behind so the new team picks again.
 */
export async function copyAccounts(
  db: Database,
  params: { organizationId: string; fromTeamId: string; toTeamId: string; types: SocialAccountType[]; resetChannel: boolean },
): Promise<SocialAccountRow[]> {
  if (params.fromTeamId === params.toTeamId) throw new BadRequestError('fromTeamId and toTeamId must be different teams');
  const types = [...new Set(params.types)];
  return db
    .transaction((tx) => copyInTransaction(tx, params, types))
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new ConflictError('The target team got an account of one of these types meanwhile; disconnect it first');
      throw error;
    });
}

async function copyInTransaction(
  tx: Executor,
  params: { organizationId: string; fromTeamId: string; toTeamId: string; resetChannel: boolean },
  types: SocialAccountType[],
): Promise<SocialAccountRow[]> {
  await getTeam(tx, { organizationId: params.organizationId, id: params.fromTeamId });
  await getTeam(tx, { organizationId: params.organizationId, id: params.toTeamId });
  const sources = await tx
    .select()
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.organizationId, params.organizationId),
        eq(socialAccounts.teamId, params.fromTeamId),
        inArray(socialAccounts.type, types),
        isNull(socialAccounts.deletedAt),
      ),
    );
  const missing = types.filter((type) => !sources.some((row) => row.type === type));
  if (missing.length > 0) throw new NotFoundError(`${missing.join(', ')} account of the source team`);
  const taken = await tx
    .select({ type: socialAccounts.type })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.teamId, params.toTeamId), inArray(socialAccounts.type, types), isNull(socialAccounts.deletedAt)));
  if (taken.length > 0) throw new ConflictError(`The target team already has ${taken.map((row) => row.type).join(', ')} connected; disconnect it first`);

  const copies: SocialAccountRow[] = [];
  for (const source of sources.sort((a, b) => types.indexOf(a.type) - types.indexOf(b.type))) {
    const model = channelModelOf(source);
    const reset = params.resetChannel && model !== null && model.selection !== 'per-post';
    const selectedChannelId = reset ? null : source.selectedChannelId;
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = source;
    const [copy] = await tx
      .insert(socialAccounts)
      .values({
        ...rest,
        teamId: params.toTeamId,
        selectedChannelId,
        ...identityFor({ ...source, selectedChannelId }),
        messagingStatus: 'DISABLED',
        messagingLastError: null,
        messagingEnabledAt: null,
        disconnectedCheckTryAt: null,
        deleteOn: null,
        deletedAt: null,
      })
      .returning();
    await recordEvent(tx, { organizationId: params.organizationId, teamId: params.toTeamId, type: 'social-account.created', data: toSocialAccountDto(copy!) });
    copies.push(copy!);
  }
  return copies;
}

/** Removes accounts whose grace period is over; safe to run any number of times. */
export async function removeDueAccount(db: Executor, socialAccountId: string, now = new Date()): Promise<boolean> {
  const [row] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, socialAccountId));
  if (!row || !row.deleteOn || row.deleteOn.getTime() > now.getTime()) return false;
  // An account that lost access but was never disconnected is taken off its team at removal.
  if (!row.deletedAt) {
    await recordEvent(db, {
      organizationId: row.organizationId,
      teamId: row.teamId,
      type: 'social-account.deleted',
      data: { ...toSocialAccountDto(row), deletedAt: now.toISOString() },
    });
  }
  await db.delete(socialAccounts).where(eq(socialAccounts.id, row.id));
  return true;
}

/** Manual check records older than any window still counted. */
export async function deleteOldManualActions(db: Executor, olderThanSeconds: number): Promise<void> {
  await db.delete(socialAccountActions).where(lt(socialAccountActions.createdAt, new Date(Date.now() - olderThanSeconds * 1000)));
}

export async function dueAccountIds(db: Executor, now = new Date()): Promise<string[]> {
  const rows = await db.select({ id: socialAccounts.id }).from(socialAccounts).where(lte(socialAccounts.deleteOn, now)).orderBy(asc(socialAccounts.deleteOn));
  return rows.map((row) => row.id);
}
