import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns';
import { organizations } from './organizations';
import { posts } from './posts';
import { teams } from './teams';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

export const POST_CSV_IMPORT_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'COMPLETED_WITH_ERRORS', 'FAILED', 'RATE_LIMITED'] as const;
/** PENDING until the import job reaches the row; the API lists only SUCCESS and FAILED rows. */
export const POST_CSV_ROW_STATUSES = ['PENDING', 'SUCCESS', 'FAILED'] as const;

/** One uploaded CSV file of posts (`/post-csv-import`), imported by a job row after row. */
export const postCsvImports = pgTable(
  'post_csv_imports',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    teamId: text()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    status: text({ enum: POST_CSV_IMPORT_STATUSES }).notNull().default('PENDING'),
    fileName: text().notNull(),
    totalRows: integer().notNull(),
    processedRows: integer().notNull().default(0),
    successRows: integer().notNull().default(0),
    failedRows: integer().notNull().default(0),
    error: text(),
    rateLimitResetAt: at(),
    startedAt: at(),
    completedAt: at(),
    deletedAt: at(),
    ...timestamps(),
  },
  (table) => [index('post_csv_imports_team_idx').on(table.organizationId, table.teamId, table.createdAt)],
);

/** One row of an import's file: what it said, the post it became (or why not). */
export const postCsvImportRows = pgTable(
  'post_csv_import_rows',
  {
    id: idColumn(),
    importId: text()
      .notNull()
      .references(() => postCsvImports.id, { onDelete: 'cascade' }),
    organizationId: text().notNull(),
    /** The row's line in the file, header excluded: the first post is row 1. */
    rowNumber: integer().notNull(),
    status: text({ enum: POST_CSV_ROW_STATUSES }).notNull().default('PENDING'),
    /** The post's referenceKey: re-running the row (a crash, a re-upload) finds the post instead of making another. */
    referenceKey: text().notNull(),
    rawRow: jsonb().$type<Record<string, string>>().notNull(),
    /** The post request the row became (`POST /post` body), null when the row could not be read as one. */
    normalizedPayload: jsonb().$type<Record<string, unknown>>(),
    /** Media URLs of the row already fetched into uploads, so a resumed import does not fetch them again. */
    fetchedUploads: jsonb().$type<Record<string, string>>(),
    postId: text().references(() => posts.id, { onDelete: 'set null' }),
    error: text(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('post_csv_import_rows_import_row_unique').on(table.importId, table.rowNumber),
    index('post_csv_import_rows_status_idx').on(table.importId, table.status),
  ],
);
