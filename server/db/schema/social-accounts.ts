import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns';
import { organizations } from './organizations';
import { teams } from './teams';
import type { SocialAccountType } from '../../platforms/platform-types';

/** A channel as the platform lists it: a Facebook page, a YouTube channel, a Discord channel, a subreddit... */
export type StoredChannel = {
  id: string;
  name: string | null;
  username: string | null;
  address: string | null;
  avatarUrl: string | null;
  webhook: { id: string | null; name: string | null; avatar: string | null; url: string | null } | null;
  metadata: { allowImages: boolean | null; allowVideos: boolean | null; allowGalleries: boolean | null; linkFlairEnabled: boolean | null } | null;
};

/** The person (or bot) who logged in at the platform, kept apart from the selected channel's identity. */
export type StoredIdentity = {
  externalId: string;
  username: string | null;
  displayName: string | null;
  bio: string | null;
  avatarUrl: string | null;
  email: string | null;
};

export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    teamId: text()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    type: text().$type<SocialAccountType>().notNull(),
    /** `sandbox`: the simulated world; `live`: the platform's real API (decision 059). Fixed at connect. */
    mode: text({ enum: ['sandbox', 'live'] })
      .notNull()
      .default('sandbox'),
    /** Who logged in; `username`/`externalId`... below are the selected channel's when the platform has one. */
    user: jsonb().$type<StoredIdentity>().notNull(),
    externalId: text(),
    username: text(),
    displayName: text(),
    bio: text(),
    avatarUrl: text(),
    channels: jsonb().$type<StoredChannel[]>(),
    selectedChannelId: text(),
    mastodonServerId: text(),
    instagramConnectionMethod: text({ enum: ['FACEBOOK', 'INSTAGRAM'] }),
    twitterSubType: text({ enum: ['none', 'basic', 'premium', 'premium_plus'] }),
    isTiktokBusinessAccount: boolean(),
    /** Permissions the person granted at consent (`publish`, `messaging`, ...). */
    permissions: text().array().notNull(),
    /** AES-256-GCM ciphertexts (`server/crypto/secret-box.ts`); never returned by the API. */
    accessTokenEnc: text().notNull(),
    refreshTokenEnc: text(),
    tokenExpiresAt: timestamp({ withTimezone: true }),
    messagingStatus: text({ enum: ['ENABLED', 'DISABLED', 'DISABLE_PENDING'] })
      .notNull()
      .default('DISABLED'),
    messagingLastError: text(),
    /** Only DMs that arrive after this moment are collected. */
    messagingEnabledAt: timestamp({ withTimezone: true }),
    disconnectedCheckTryAt: timestamp({ withTimezone: true }),
    deleteOn: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    // One live account per type and team: the API addresses accounts by (teamId, type).
    uniqueIndex('social_accounts_team_type_live_unique')
      .on(table.teamId, table.type)
      .where(sql`${table.deletedAt} is null`),
    index('social_accounts_organization_idx').on(table.organizationId, table.teamId),
    // The real platform account: quotas and inbound webhooks resolve through it.
    index('social_accounts_platform_account_idx').on(table.type, table.externalId),
    index('social_accounts_delete_on_idx').on(table.deleteOn),
  ],
);

/** Manual checks and refreshes, counted per account over a sliding window. */
export const socialAccountActions = pgTable(
  'social_account_actions',
  {
    id: idColumn(),
    socialAccountId: text()
      .notNull()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    action: text({ enum: ['connection-check', 'profile-refresh'] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('social_account_actions_window_idx').on(table.socialAccountId, table.action, table.createdAt)],
);
