import type { Plan } from '../organizations/organizations.service';
import type { Permission } from './permissions';
import type { PostPlatform } from './platform-types';

/**
 * How a platform's channels relate to the connected account:
 * - `required`: the account acts as one channel the user picks (a Facebook page);
 * - `optional`: the account acts as the person unless a channel is picked (a LinkedIn organization);
 * - `per-post`: channels are picked per post (Discord channels, subreddits, boards).
 */
export type ChannelSelection = 'required' | 'optional' | 'per-post';

export type ChannelModel = { kind: string; label: string; selection: ChannelSelection };

export type ConnectChoices = {
  instagramConnectionMethod?: 'FACEBOOK' | 'INSTAGRAM';
  serverUrl?: string;
  withBusinessScope?: boolean;
};

/** A profile as the sandbox (or a live platform) describes it. */
export type ProfileFacts = {
  externalId: string;
  username: string;
  displayName: string;
  attributes: Record<string, string | boolean | null>;
};

export type ChannelSeed = {
  kind: string;
  externalId: string;
  name: string;
  username: string | null;
  address: string | null;
  webhookUrl: string | null;
  metadata: Record<string, boolean> | null;
};

/** Fields of the social account record that only some platforms fill. */
export type PlatformAccountFields = {
  mastodonServerId: string | null;
  instagramConnectionMethod: 'FACEBOOK' | 'INSTAGRAM' | null;
  twitterSubType: 'none' | 'basic' | 'premium' | 'premium_plus' | null;
  isTiktokBusinessAccount: boolean | null;
};

export type PlatformDefinition = {
  type: PostPlatform;
  label: string;
  /** Accounts of this type can be connected to a team (Snapchat is a post target only). */
  connectable: boolean;
  brandColor: string;
  supports: {
    comments: boolean;
    messaging: boolean;
    reviews: boolean;
    analytics: boolean;
    historyImport: boolean;
  };
  /** Channels, if the platform has them; may depend on how the account was connected. */
  channels(choices: ConnectChoices): ChannelModel | null;
  /** Daily quota per plan; `comments: null` where the service does not post comments there. */
  dailyLimits: { posts: Record<Plan, number>; comments: Record<Plan, number> | null };
  /** Token lifetimes the platform documents; null refresh: tokens cannot be refreshed. */
  tokens: { accessTtlSeconds: number; refreshTtlSeconds: number | null };
  /** Permissions a connect asks for. */
  permissionsAsked(input: { withMessaging: boolean }): Permission[];
  /** Connecting without these fails (Instagram refuses accounts that cannot publish). */
  requiredPermissions: Permission[];
  /** `reconnect: true` re-authorizes this account in place. */
  supportsReconnect(account: { instagramConnectionMethod: string | null }): boolean;
  newProfile(base: { username: string; displayName: string }, choices: ConnectChoices): ProfileFacts;
  seedChannels(profile: ProfileFacts): ChannelSeed[];
  newChannel(profile: ProfileFacts, name: string): ChannelSeed;
  accountFields(profile: Pick<ProfileFacts, 'attributes'>, choices: ConnectChoices): PlatformAccountFields;
  newItemId(): string;
  permalink(input: { profile: ProfileFacts; channel: { externalId: string; username: string | null } | null; itemId: string }): string;
};

export const NO_EXTRA_FIELDS: PlatformAccountFields = {
  mastodonServerId: null,
  instagramConnectionMethod: null,
  twitterSubType: null,
  isTiktokBusinessAccount: null,
};

// Web Crypto (global in Node 20 and in browsers): the dashboard bundles these definitions too.
function randomBytes(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

export function digits(length: number): string {
  // 250 is the largest multiple of 10 below 256: rejecting above it keeps digits uniform.
  const out: number[] = [];
  while (out.length < length) for (const byte of randomBytes(length)) if (byte < 250 && out.length < length) out.push(byte % 10);
  if (out[0] === 0) out[0] = 1 + (randomBytes(1)[0]! % 9);
  return out.join('');
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export function base62(length: number): string {
  return Array.from(randomBytes(length), (byte) => BASE62[byte % 62]).join('');
}

export function base32(length: number): string {
  return Array.from(randomBytes(length), (byte) => 'abcdefghijklmnopqrstuvwxyz234567'[byte % 32]).join('');
}

export function slug(value: string, separator = '-'): string {
  return value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^\\${separator}+|\\${separator}+$`, 'g'), '');
}

export const everyPlan = (value: number): Record<Plan, number> => ({ FREE: value, PRO: value, BUSINESS: value });
export const plans = (free: number, pro: number, business: number): Record<Plan, number> => ({ FREE: free, PRO: pro, BUSINESS: business });

const DAY = 86_400;
export const TTL = { hour: 3600, twoHours: 7200, day: DAY, week: 7 * DAY, month: 30 * DAY, sixtyDays: 60 * DAY, year: 365 * DAY, decade: 3650 * DAY };

/** The usual ask: profile and publishing, plus comments and analytics where the platform has them. */
export function standardPermissions(supports: PlatformDefinition['supports'], input: { withMessaging: boolean }): Permission[] {
  const asked: Permission[] = ['profile', 'publish'];
  if (supports.comments) asked.push('comments');
  if (supports.analytics) asked.push('analytics');
  if (supports.messaging && input.withMessaging) asked.push('messaging');
  return asked;
}

export const noReconnect = () => false;
export const noChannels = () => null;
