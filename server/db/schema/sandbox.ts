import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { organizations } from './organizations';
import { teams } from './teams';
import type { SocialAccountType } from '../../platforms/platform-types';

/*
 * The sandbox platform world: what the 15 platforms would hold on their side. Each organization
 * has its own world, so one tenant never sees another's sandbox people on a consent page.
 */

/** A person (or bot, or business) with an account on a sandbox platform. */
export const sandboxProfiles = pgTable(
  'sandbox_profiles',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    platform: text().notNull(),
    /** The id the platform gives the account (Instagram `17841…`, Bluesky `did:plc:…`...). */
    externalId: text().notNull(),
    username: text().notNull(),
    displayName: text().notNull(),
    bio: text(),
    email: text(),
    /** Platform-specific facts: Mastodon server, X subscription tier, TikTok business account... */
    attributes: jsonb().$type<Record<string, string | boolean | null>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sandbox_profiles_username_unique').on(table.organizationId, table.platform, table.username),
    uniqueIndex('sandbox_profiles_external_unique').on(table.platform, table.externalId),
  ],
);

/** Pages, organizations, channels, boards, subreddits and locations a profile manages. */
export const sandboxChannels = pgTable(
  'sandbox_channels',
  {
    id: idColumn(),
    profileId: text()
      .notNull()
      .references(() => sandboxProfiles.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    externalId: text().notNull(),
    name: text().notNull(),
    username: text(),
    address: text(),
    webhookUrl: text(),
    metadata: jsonb().$type<Record<string, boolean>>(),
    /** The order the platform lists channels in. */
    position: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_channels_profile_idx').on(table.profileId, table.position)],
);

/** An authorization the platform issued at consent: permissions and tokens (stored hashed, as a platform would). */
export const sandboxGrants = pgTable(
  'sandbox_grants',
  {
    id: idColumn(),
    profileId: text()
      .notNull()
      .references(() => sandboxProfiles.id, { onDelete: 'cascade' }),
    permissions: text().array().notNull(),
    accessTokenHash: text().notNull().unique(),
    refreshTokenHash: text().unique(),
    accessExpiresAt: timestamp({ withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp({ withTimezone: true }),
    /** Set when the person removes the app at the platform: every token of the grant stops working. */
    revokedAt: timestamp({ withTimezone: true }),
    /** Pages (or accounts) subscribed to messaging webhooks through this grant. */
    messagingSubscriptions: text().array().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_grants_profile_idx').on(table.profileId)],
);

/** A consent request in progress: the sandbox's OAuth `state`, single use and short-lived. */
export const sandboxConnectSessions = pgTable('sandbox_connect_sessions', {
  /** Random token: possession of the URL is what authorizes the consent page. */
  id: text().primaryKey(),
  organizationId: text()
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  teamId: text()
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  platform: text().$type<SocialAccountType>().notNull(),
  redirectUrl: text().notNull(),
  requestedPermissions: text().array().notNull(),
  /** What the service asked for: connection method, reconnect target, Mastodon server, business scope. */
  options: jsonb().$type<ConnectOptions>().notNull(),
  status: text({ enum: ['PENDING', 'APPROVED', 'DENIED', 'FAILED'] })
    .notNull()
    .default('PENDING'),
  error: text(),
  socialAccountId: text(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp({ withTimezone: true }),
});

export type ConnectOptions = {
  instagramConnectionMethod?: 'FACEBOOK' | 'INSTAGRAM';
  reconnectAccountId?: string;
  serverUrl?: string;
  /** Ask the platform for a fresh login rather than a signed-in session (`tiktokForceLogin`). */
  forceLogin?: boolean;
  /** An OAuth request found from a handle (Bluesky, decision 065): PKCE verifier and DPoP key, sealed, until the callback. */
  oauthPending?: string;
  withBusinessScope?: boolean;
  portalId?: string;
  /** Which connector the account will use: chosen when the connect request starts (decision 059). */
  mode?: 'sandbox' | 'live';
};

/** A hosted portal link: connect several platforms for one team. */
export const sandboxPortals = pgTable('sandbox_portals', {
  id: text().primaryKey(),
  organizationId: text()
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  teamId: text()
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  platforms: text().array().$type<SocialAccountType[]>().notNull(),
  redirectUrl: text(),
  withMessagingScope: text({ enum: ['true', 'false'] }).notNull(),
  settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  maxAccounts: integer(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Faults the sandbox injects into connector calls until `remaining` runs out (null: until removed). */
export const sandboxFaults = pgTable(
  'sandbox_faults',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    platform: text().notNull(),
    /** Only calls for this sandbox profile; null: every profile of the platform. */
    profileId: text().references(() => sandboxProfiles.id, { onDelete: 'cascade' }),
    /** The account the fault was asked for, shown back in lists. */
    socialAccountId: text(),
    /** Connector operation (`messaging.subscribe`, `profile.fetch`...); null: every operation. */
    operation: text(),
    kind: text({ enum: ['TRANSIENT', 'PERMANENT', 'RATE_LIMITED', 'SLOW'] }).notNull(),
    message: text(),
    delayMs: integer(),
    retryAfterSeconds: integer(),
    remaining: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_faults_lookup_idx').on(table.organizationId, table.platform)],
);

/**
 * Content living on a sandbox platform: posts the owner published (and, with the publishing
 * issue, posts the service publishes), with realistic permalinks, and comments on them.
 */
export const sandboxItems = pgTable(
  'sandbox_items',
  {
    id: idColumn(),
    profileId: text()
      .notNull()
      .references(() => sandboxProfiles.id, { onDelete: 'cascade' }),
    channelId: text().references(() => sandboxChannels.id, { onDelete: 'set null' }),
    kind: text({ enum: ['POST', 'COMMENT'] }).notNull(),
    /** For comments: the item commented on (a post or, for replies, a comment). */
    parentId: text(),
    externalId: text().notNull(),
    permalink: text(),
    text: text(),
    authorExternalId: text().notNull(),
    authorUsername: text().notNull(),
    /** Likes from other people on the platform (the owner's own like is `ownerLikedAt`). */
    likeCount: integer().notNull().default(0),
    /** When the connected account liked this item; null when it has not (or unliked). */
    ownerLikedAt: timestamp({ withTimezone: true }),
    /** Hidden by the page owner (comments): still there, shown only to its author. */
    hiddenAt: timestamp({ withTimezone: true }),
    /** Set on an edit through the platform (the owner's app or the API). */
    editedAt: timestamp({ withTimezone: true }),
    /** Deleted on the platform: kept so a repeated delete or a late webhook can be answered. */
    deletedAt: timestamp({ withTimezone: true }),
    /** Platform-specific facts of the item (Reddit post kind, YouTube title, media...). */
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_items_profile_idx').on(table.profileId, table.kind, table.createdAt), index('sandbox_items_parent_idx').on(table.parentId)],
);

/**
 * What a page (Facebook) or account (Instagram) shows people in its DM screen, as the platform
 * keeps it: ice breakers, or the persistent menu with its Get Started button. Written by the
 * service's provider-setting sync; a removal deletes the row.
 */
export const sandboxMessengerProfiles = pgTable(
  'sandbox_messenger_profiles',
  {
    id: idColumn(),
    platform: text().notNull(),
    /** The page or account the setting belongs to, as the platform identifies it. */
    targetExternalId: text().notNull(),
    type: text().notNull(),
    config: jsonb().$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sandbox_messenger_profiles_target_type_unique').on(table.platform, table.targetExternalId, table.type)],
);
