import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns';
import { organizations } from './organizations';
import { posts, type PlatformErrorRecord } from './posts';
import { socialAccounts } from './social-accounts';
import { teams } from './teams';
import { COMMENT_STATUSES, IMPORT_STATUSES } from '../../comments/shared/comment-statuses';
import { TARGET_STATUSES } from '../../posts/shared/post-statuses';
import type { PostPlatform } from '../../platforms/platform-types';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * A comment the service publishes (or published) under a post, scheduled like a post: one row,
 * with one target per platform. First comments of posts are stored here too (`source`).
 */
export const comments = pgTable(
  'comments',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    teamId: text()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    internalPostId: text().references(() => posts.id, { onDelete: 'cascade' }),
    importedPostId: text(),
    internalParentCommentId: text(),
    fetchedParentCommentId: text(),
    title: text().notNull(),
    status: text({ enum: COMMENT_STATUSES }).notNull(),
    postDate: at().notNull(),
    postedDate: at(),
    platforms: text().array().notNull(),
    data: jsonb().$type<Record<string, { text?: string | null }>>().notNull(),
    source: text({ enum: ['API', 'FIRST_COMMENT'] })
      .notNull()
      .default('API'),
    /** Bumped by every edit; a publish job for an older version does nothing. */
    version: integer().notNull().default(1),
    error: text(),
    claimedBy: text(),
    claimedUntil: at(),
    dueAt: at(),
    /** Set when the comment first leaves DRAFT: it counts toward the month it was created in. */
    countedAt: at(),
    deletedAt: at(),
    ...timestamps(),
  },
  (table) => [
    index('comments_team_created_idx').on(table.teamId, table.createdAt),
    index('comments_organization_counted_idx').on(table.organizationId, table.createdAt),
    index('comments_post_idx').on(table.internalPostId),
    index('comments_due_idx').on(table.dueAt),
  ],
);

/** One platform of a comment: its account, outcome, and the intent recorded before the platform call. */
export const commentTargets = pgTable(
  'comment_targets',
  {
    id: idColumn(),
    commentId: text()
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    organizationId: text().notNull(),
    platform: text().$type<PostPlatform>().notNull(),
    socialAccountId: text().references(() => socialAccounts.id, { onDelete: 'set null' }),
    status: text({ enum: TARGET_STATUSES }).notNull().default('PENDING'),
    intentKey: text(),
    attempts: integer().notNull().default(0),
    externalData: jsonb().$type<Record<string, string>>(),
    error: text(),
    errorVerbose: jsonb().$type<PlatformErrorRecord>(),
    nextAttemptAt: at(),
    publishedAt: at(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('comment_targets_comment_platform_unique').on(table.commentId, table.platform)],
);

/** A run that fetches a post's comments from its platform; `WEBHOOK` runs collect comments that arrive live. */
export const commentImports = pgTable(
  'comment_imports',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    teamId: text()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    socialAccountId: text()
      .notNull()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    postId: text()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    platform: text().$type<PostPlatform>().notNull(),
    trigger: text({ enum: ['MANUAL', 'WEBHOOK'] })
      .notNull()
      .default('MANUAL'),
    status: text({ enum: IMPORT_STATUSES }).notNull().default('PENDING'),
    commentsImported: integer().notNull().default(0),
    /** Fetch attempts so far: transient failures are retried a few times, then the run fails. */
    attempts: integer().notNull().default(0),
    error: text(),
    rateLimitResetAt: at(),
    startedAt: at(),
    completedAt: at(),
    ...timestamps(),
  },
  (table) => [
    index('comment_imports_team_idx').on(table.teamId, table.createdAt),
    uniqueIndex('comment_imports_webhook_unique')
      .on(table.socialAccountId, table.postId)
      .where(sql`${table.trigger} = 'WEBHOOK'`),
  ],
);

export type FetchedPlatformData = {
  hidden?: boolean;
  likedByMe?: boolean;
  owner?: boolean;
  moderationStatus?: string | null;
  editedAt?: string | null;
};

/** A comment fetched from a platform (by an import run or as it arrived), one per account and platform id. */
export const fetchedComments = pgTable(
  'fetched_comments',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    teamId: text().notNull(),
    postId: text()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    socialAccountId: text()
      .notNull()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    importId: text()
      .notNull()
      .references(() => commentImports.id, { onDelete: 'cascade' }),
    platform: text().$type<PostPlatform>().notNull(),
    externalId: text().notNull(),
    externalParentId: text(),
    externalPostId: text(),
    authorName: text(),
    authorExternalId: text(),
    authorProfileUrl: text(),
    authorAvatarUrl: text(),
    text: text(),
    likesCount: integer().notNull().default(0),
    repliesCount: integer().notNull().default(0),
    platformData: jsonb().$type<FetchedPlatformData>().notNull().default({}),
    publishedAt: at(),
    deletedAt: at(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('fetched_comments_account_external_unique').on(table.socialAccountId, table.externalId),
    index('fetched_comments_post_idx').on(table.postId, table.publishedAt),
  ],
);
