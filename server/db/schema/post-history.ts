import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns';
import { organizations } from './organizations';
import { socialAccounts } from './social-accounts';
import { teams } from './teams';
import type { PostPlatform } from '../../platforms/platform-types';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

export const POST_HISTORY_STATUSES = ['PENDING', 'FETCHING_POSTS', 'FETCHING_ANALYTICS', 'COMPLETED', 'FAILED', 'RATE_LIMITED'] as const;
export const HISTORY_SURFACES = ['PROFILE_GRID', 'NON_GRID', 'STORY', 'ALL'] as const;
export const HISTORY_MEDIA_TYPES = ['VIDEO', 'IMAGE'] as const;

/** Where a run stands, so a rate-limited or retried run continues instead of starting over. */
export type HistoryProgress = {
  /** The platform's paging cursor of the next page to read (older posts); null: the newest page. */
  cursor: string | null;
  /** Posts read so far (with `onlyLatest`, reading stops at `requestedCount`). */
  checked: number;
  /** Reading posts is over (nothing older, enough new ones, or the monthly cap reached). */
  postsDone: boolean;
};

/** One post history import run of one social account (`/post-history-import`). */
export const postHistoryImports = pgTable(
  'post_history_imports',
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
    platform: text().$type<PostPlatform>().notNull(),
    requestedCount: integer().notNull(),
    withAnalytics: boolean().notNull(),
    importCarousels: boolean().notNull(),
    onlyLatest: boolean().notNull(),
    surface: text({ enum: HISTORY_SURFACES }).notNull(),
    mediaType: text({ enum: HISTORY_MEDIA_TYPES }),
    status: text({ enum: POST_HISTORY_STATUSES }).notNull().default('PENDING'),
    postsImported: integer().notNull().default(0),
    /** Already imported posts met on the way (refreshed, not counted). */
    postsRefreshed: integer().notNull().default(0),
    analyticsImported: integer().notNull().default(0),
    progress: jsonb().$type<HistoryProgress>().notNull().default({ cursor: null, checked: 0, postsDone: false }),
    /** Runs of the job since the last start, retry or rate-limit resume; past the limit the run fails. */
    attempts: integer().notNull().default(0),
    error: text(),
    rateLimitResetAt: at(),
    startedAt: at(),
    completedAt: at(),
    deletedAt: at(),
    ...timestamps(),
  },
  (table) => [
    index('post_history_imports_team_idx').on(table.teamId, table.createdAt),
    index('post_history_imports_account_idx').on(table.socialAccountId, table.status),
  ],
);
