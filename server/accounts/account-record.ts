import type { StoredChannel, StoredIdentity } from '../db/schema/social-accounts';
import { socialAccounts } from '../db/schema/social-accounts';
import type { PlatformChannel, PlatformProfile } from '../platforms/connector';
import type { ConnectChoices } from '../platforms/platform-definition';
import { platformOf } from '../platforms/registry';
import type { SocialAccountDto } from './accounts.schemas';
import type { Permission } from '../platforms/permissions';
import type { SocialAccountType } from '../platforms/platform-types';

export type SocialAccountRow = typeof socialAccounts.$inferSelect;

export function toSocialAccountDto(row: SocialAccountRow): SocialAccountDto {
  return {
    id: row.id,
    type: row.type,
    mode: row.mode,
    teamId: row.teamId,
    username: row.username,
    displayName: row.displayName,
    bio: row.bio,
    avatarUrl: row.avatarUrl,
    externalId: row.externalId,
    userUsername: row.user.username,
    userDisplayName: row.user.displayName,
    userId: row.user.externalId,
    userEmail: row.user.email,
    channels: row.channels,
    channelId: row.selectedChannelId,
    mastodonServerId: row.mastodonServerId,
    instagramConnectionMethod: row.instagramConnectionMethod,
    twitterSubType: row.twitterSubType,
    isTiktokBusinessAccount: row.isTiktokBusinessAccount,
    permissions: row.permissions as Permission[],
    tokenExpiresAt: row.tokenExpiresAt?.toISOString() ?? null,
    messagingStatus: row.messagingStatus,
    messagingLastError: row.messagingLastError,
    disconnectedCheckTryAt: row.disconnectedCheckTryAt?.toISOString() ?? null,
    deleteOn: row.deleteOn?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

export function choicesOf(row: Pick<SocialAccountRow, 'instagramConnectionMethod'>): ConnectChoices {
  return row.instagramConnectionMethod ? { instagramConnectionMethod: row.instagramConnectionMethod } : {};
}

export function channelModelOf(row: Pick<SocialAccountRow, 'type' | 'instagramConnectionMethod'>) {
  return platformOf(row.type).channels(choicesOf(row));
}

/**
 * The account's public identity: the selected channel's where the platform acts as a channel
 * (a Facebook page), the person's otherwise; nothing while a required channel is not picked yet.
 */
export function identityFor(input: {
  type: SocialAccountType;
  instagramConnectionMethod: SocialAccountRow['instagramConnectionMethod'];
  user: StoredIdentity;
  channels: StoredChannel[] | null;
  selectedChannelId: string | null;
}) {
  const model = channelModelOf(input);
  const selected = input.selectedChannelId ? input.channels?.find((channel) => channel.id === input.selectedChannelId) : undefined;
  if (model && model.selection !== 'per-post' && selected) {
    return { externalId: selected.id, username: bareHandle(selected.username), displayName: selected.name, bio: null, avatarUrl: selected.avatarUrl };
  }
  if (model?.selection === 'required') return { externalId: null, username: null, displayName: null, bio: null, avatarUrl: null };
  const { externalId, username, displayName, bio, avatarUrl } = input.user;
  return { externalId, username: bareHandle(username), displayName, bio, avatarUrl };
}

/** A username as stored: without the "@" that platforms such as YouTube put in front of a handle (screens add their own). */
function bareHandle(username: string | null): string | null {
  return username?.replace(/^@+/, '') ?? null;
}

export function storedIdentity(profile: PlatformProfile): StoredIdentity {
  return {
    externalId: profile.externalId,
    username: profile.username,
    displayName: profile.displayName,
    bio: profile.bio,
    avatarUrl: profile.avatarUrl,
    email: profile.email,
  };
}

export function storedChannels(type: string, choices: ConnectChoices, channels: PlatformChannel[]): StoredChannel[] | null {
  return platformOf(type).channels(choices) ? channels : null;
}

/** A selected channel survives a refresh only if the platform still lists it. */
export function keptSelection(selectedChannelId: string | null, channels: StoredChannel[] | null): string | null {
  return selectedChannelId && channels?.some((channel) => channel.id === selectedChannelId) ? selectedChannelId : null;
}

/** Postgres unique violation (two connects or copies racing for the same team and type). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
