import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns';
import { organizations } from './organizations';
import { socialAccounts } from './social-accounts';
import { teams } from './teams';
// The status lists live in a browser-safe module so the dashboard can use them without drizzle.
import { POST_STATUSES, TARGET_STATUSES } from '../../posts/shared/post-statuses';
import type { PostPlatform } from '../../platforms/platform-types';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

export type { PostStatus, TargetStatus } from '../../posts/shared/post-statuses';

export type PlatformErrorRecord = {
  code: string;
  errorMessage: string;
  isTransient: boolean;
  retryability: 'retryable' | 'non_retryable' | 'unknown';
  httpStatus: number | null;
  meta: Record<string, unknown> | null;
  userFacingMessage: string;
};

export const posts = pgTable(
  'posts',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    teamId: text()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    status: text({ enum: POST_STATUSES }).notNull(),
    postDate: at().notNull(),
    postedDate: at(),
    /** Platforms in the order the client sent them. */
    platforms: text().array().notNull(),
    /** `data.<PLATFORM>` as validated by the platform's content rules. */
    data: jsonb().$type<Record<string, Record<string, unknown>>>().notNull(),
    firstComment: jsonb().$type<Record<string, string>>(),
    referenceKey: text(),
    /**
     * Bumped by every edit. A publish job carries the version it was enqueued for and does nothing
     * when the post has moved on, so an edited post publishes its new version or nothing.
     */
    version: integer().notNull().default(1),
    retryCount: integer().notNull().default(0),
    error: text(),
    /**
     * The publish job working on the post, until when. A second job for the same post (a sweep,
     * a redelivery) leaves it alone while the claim is live; a crashed worker's claim runs out.
     */
    claimedBy: text(),
    claimedUntil: at(),
    /** When the post next needs a worker: its date while scheduled, the earliest retry while retrying. */
    dueAt: at(),
    /** When the post first left DRAFT: the monthly quota counts it in this month. */
    countedAt: at(),
    deletedAt: at(),
    ...timestamps(),
  },
  (table) => [
    index('posts_team_post_date_idx').on(table.teamId, table.postDate),
    index('posts_organization_counted_idx').on(table.organizationId, table.countedAt),
    index('posts_due_idx').on(table.dueAt),
    uniqueIndex('posts_reference_key_unique')
      .on(table.organizationId, table.referenceKey)
      .where(sql`${table.referenceKey} is not null`),
  ],
);

/**
 * One row per platform of a post: its account, its outcome and the intent recorded before the
 * platform is called, so a worker that crashed mid-call reconciles instead of publishing twice.
 */
export const postTargets = pgTable(
  'post_targets',
  {
    id: idColumn(),
    postId: text()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    organizationId: text().notNull(),
    platform: text().$type<PostPlatform>().notNull(),
    socialAccountId: text().references(() => socialAccounts.id, { onDelete: 'set null' }),
    status: text({ enum: TARGET_STATUSES }).notNull().default('PENDING'),
    /** Sent to the platform as its idempotency key; the sandbox (like real APIs that have one) dedupes on it. */
    intentKey: text(),
    /**
     * What the connector saved toward the current intent before its platform made the post visible
     * (a Meta container id, then the media id): platforms without an idempotency key find an
     * interrupted attempt's result, or resume its step, through it. Cleared with the intent.
     */
    progress: jsonb().$type<Record<string, string>>(),
    attemptStartedAt: at(),
    attempts: integer().notNull().default(0),
    externalData: jsonb().$type<Record<string, string>>(),
    error: text(),
    errorVerbose: jsonb().$type<PlatformErrorRecord>(),
    nextAttemptAt: at(),
    publishedAt: at(),
    firstCommentStatus: text({ enum: ['PENDING', 'POSTED', 'ERROR'] }),
    /** Deleted on the platform through the service (`/misc/*`): the post stays, this publication is gone. */
    deletedAt: at(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('post_targets_post_platform_unique').on(table.postId, table.platform)],
);
