import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns';
import { organizations } from './organizations';
import { posts } from './posts';
import { socialAccounts } from './social-accounts';
import type { PostPlatform } from '../../platforms/platform-types';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * A post as it lives on a platform account: one per published post target (`internal`), and,
 * with post history import, one per imported post (`internal` false, addressed as `importedPostId`).
 * Post analytics snapshots hang off it.
 */
export const profilePosts = pgTable(
  'profile_posts',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    socialAccountId: text()
      .notNull()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    /** The service's post, for internal profile posts. */
    postId: text().references(() => posts.id, { onDelete: 'cascade' }),
    platform: text().$type<PostPlatform>().notNull(),
    externalId: text().notNull(),
    title: text(),
    description: text(),
    smallThumbnail: text(),
    thumbnail: text(),
    permalink: text(),
    extraData: jsonb().$type<Record<string, unknown>>(),
    subreddit: text(),
    publishedAt: at(),
    type: text({ enum: ['POST', 'REEL', 'STORY', 'VIDEO', 'IMAGE'] })
      .notNull()
      .default('POST'),
    internal: boolean().notNull(),
    /** The post history import that first brought the post in (imported posts only). */
    importId: text(),
    /** What the platform calls the item (`SHORTS`, `VIDEO`, `REEL`, `CAROUSEL`, `IMAGE`, `STORY`, `TEXT`). */
    contentType: text(),
    /** A YouTube short (vertical video under 3 minutes). */
    isShort: boolean().notNull().default(false),
    importedAt: at(),
    externallyDeletedAt: at(),
    deletedAt: at(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('profile_posts_account_external_unique').on(table.socialAccountId, table.externalId),
    index('profile_posts_post_idx').on(table.postId),
  ],
);

/** The numbers every snapshot has, and what each snapshot records besides its numbers. */
const reachColumns = () => ({
  impressions: integer().notNull(),
  impressionsUnique: integer().notNull(),
  views: integer().notNull(),
  viewsUnique: integer().notNull(),
  likes: integer().notNull(),
  comments: integer().notNull(),
});
const snapshotColumns = () => ({
  /** What the platform answered, before normalization (the `raw` routes). */
  raw: jsonb().$type<Record<string, unknown>>().notNull(),
  forced: boolean().notNull(),
  deletedAt: at(),
  ...timestamps(),
});

/** One snapshot of an account's numbers per refresh (background or forced): the history charts draw. */
export const accountAnalytics = pgTable(
  'account_analytics',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    socialAccountId: text()
      .notNull()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    ...reachColumns(),
    postCount: integer().notNull(),
    followers: integer().notNull(),
    following: integer().notNull(),
    ...snapshotColumns(),
  },
  (table) => [index('account_analytics_account_idx').on(table.socialAccountId, table.createdAt)],
);

/** One snapshot of a post's numbers per refresh. */
export const postAnalytics = pgTable(
  'post_analytics',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    profilePostId: text()
      .notNull()
      .references(() => profilePosts.id, { onDelete: 'cascade' }),
    ...reachColumns(),
    dislikes: integer().notNull(),
    shares: integer().notNull(),
    saves: integer().notNull(),
    ...snapshotColumns(),
  },
  (table) => [index('post_analytics_profile_post_idx').on(table.profilePostId, table.createdAt)],
);

/**
 * Forced refreshes, counted per target over a rolling 24 hours. A row is written before the
 * platform call (so concurrent calls cannot all pass the count) and removed when the call fails.
 */
export const forcedAnalyticsRefreshes = pgTable(
  'forced_analytics_refreshes',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** `account:<socialAccountId>` or `post:<profilePostId>`. */
    target: text().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (table) => [index('forced_analytics_refreshes_window_idx').on(table.target, table.createdAt)],
);
