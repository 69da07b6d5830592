import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns';
import { organizations } from './organizations';
import { sandboxProfiles } from './sandbox';
import { socialAccounts } from './social-accounts';
import { teams } from './teams';
import { REPLY_STATES, REVIEW_IMPORT_STATUSES, REVIEW_PLATFORMS } from '../../reviews/shared/review-constants';

/*
 * Business-listing reviews (issue 11): Google Business reviews and Facebook recommendations, the
 * import runs that fetch them, and the sandbox world's side of them. One table serves both
 * platforms: the API presents each with its own field names (server/reviews/review-dto.ts).
 */

/** One import run: walks the platform's list newest first until `requestedCount` new reviews are stored. */
export const reviewImports = pgTable(
  'review_imports',
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
    platform: text({ enum: REVIEW_PLATFORMS }).notNull(),
    requestedCount: integer().notNull(),
    /** `FETCHING` is shown as `FETCHING_REVIEWS` or `FETCHING_RECOMMENDATIONS`. */
    status: text({ enum: REVIEW_IMPORT_STATUSES }).notNull().default('PENDING'),
    /** New reviews stored by this run (refreshed ones are free and not counted). */
    itemsImported: integer().notNull().default(0),
    /** Known reviews this run refreshed (the overlap that catches late edits). */
    itemsRefreshed: integer().notNull().default(0),
    /** Where the walk stopped: the next page to fetch after a crash, a retry or a rate limit. */
    pageToken: text(),
    /** The walk reached the oldest review: later runs may stop once past the overlap window. */
    reachedEnd: boolean().notNull().default(false),
    attempts: integer().notNull().default(0),
    error: text(),
    rateLimitResetAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    index('review_imports_team_idx').on(table.organizationId, table.teamId, table.platform, table.createdAt),
    index('review_imports_account_idx').on(table.socialAccountId, table.status),
  ],
);

/** A review (Google) or recommendation (Facebook) of a connected location or page, upserted by the platform's id. */
export const reviews = pgTable(
  'reviews',
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
    platform: text({ enum: REVIEW_PLATFORMS }).notNull(),
    externalId: text().notNull(),
    openGraphStoryId: text(),
    reviewerDisplayName: text(),
    reviewerProfilePhotoUrl: text(),
    /** 1 to 5; null for a Facebook recommendation without a rating. */
    rating: integer(),
    recommendationValue: text({ enum: ['RECOMMEND', 'NOT_RECOMMEND', 'UNKNOWN'] }),
    comment: text(),
    hasMedia: boolean().notNull().default(false),
    mediaSummary: jsonb().$type<string[]>(),
    replyComment: text(),
    replyExternalId: text(),
    replyUpdatedAt: timestamp({ withTimezone: true }),
    replyState: text({ enum: REPLY_STATES }),
    replyPolicyViolation: text(),
    replyUrl: text(),
    createTime: timestamp({ withTimezone: true }),
    updateTime: timestamp({ withTimezone: true }),
    importedAt: timestamp({ withTimezone: true }),
    /** When an import stored it as new: the month it counts toward the account's monthly cap (review-quota.ts). */
    countedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('reviews_account_external_unique').on(table.socialAccountId, table.externalId),
    index('reviews_team_idx').on(table.organizationId, table.teamId, table.platform, table.createTime),
    index('reviews_counted_idx').on(table.socialAccountId, table.countedAt),
  ],
);

/** A team's saved owner replies; `{name}` and `{firstName}` are filled with the reviewer's when one is used. */
export const reviewReplyTemplates = pgTable(
  'review_reply_templates',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    teamId: text()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    text: text().notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('review_reply_templates_team_name_unique').on(table.organizationId, table.teamId, table.name)],
);

/** Custom monthly review-import limits per account, set by the operator (`npm run admin -- review-limits`). */
export const reviewImportLimits = pgTable('review_import_limits', {
  organizationId: text()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  monthlyLimitPerAccount: integer().notNull(),
  ...timestamps(),
});

export type SandboxReviewComment = {
  id: string;
  parentId: string | null;
  authorExternalId: string;
  authorName: string;
  text: string;
  likesCount: number;
  createdAt: string;
  owner: boolean;
};

/** The sandbox world's reviews of a location (Google) or recommendations of a page (Facebook). */
export const sandboxReviews = pgTable(
  'sandbox_reviews',
  {
    id: idColumn(),
    profileId: text()
      .notNull()
      .references(() => sandboxProfiles.id, { onDelete: 'cascade' }),
    platform: text().notNull(),
    /** The location (`locations/…`) or page the review is about. */
    placeExternalId: text().notNull(),
    externalId: text().notNull(),
    reviewerExternalId: text().notNull(),
    reviewerName: text().notNull(),
    rating: integer(),
    recommendationValue: text(),
    comment: text(),
    hasMedia: boolean().notNull().default(false),
    replyComment: text(),
    replyExternalId: text(),
    replyUpdatedAt: timestamp({ withTimezone: true }),
    replyState: text(),
    replyPolicyViolation: text(),
    /** A PENDING reply goes live (APPROVED, with its URL) once this time passes. */
    replyLiveAt: timestamp({ withTimezone: true }),
    /** Facebook recommendations are stories with comment threads. */
    thread: jsonb().$type<SandboxReviewComment[]>().notNull().default([]),
    createTime: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sandbox_reviews_external_unique').on(table.profileId, table.externalId),
    index('sandbox_reviews_place_idx').on(table.profileId, table.placeExternalId, table.createTime),
  ],
);
