import { bigint, boolean, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns';
import { organizations } from './organizations';
import { posts } from './posts';
import { teams } from './teams';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * Stored media. `teamId` null means organization-wide (every team of the organization sees it).
 * `path` and `thumbnailPath` are storage keys; they contain a long random part, so the public
 * `/media/<key>` URLs built from them cannot be guessed.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    teamId: text().references(() => teams.id, { onDelete: 'cascade' }),
    type: text({ enum: ['image', 'video', 'document'] }).notNull(),
    mime: text().notNull(),
    ext: text().notNull(),
    path: text().notNull(),
    thumbnailPath: text(),
    fileSize: bigint({ mode: 'number' }).notNull(),
    width: integer(),
    height: integer(),
    /** Seconds, for videos. */
    videoLength: doublePrecision(),
    /** The address a `from-url` upload was fetched from. */
    externalLink: text(),
    /** Bumped by the posts domain when a post using the upload finishes; starts the 14-day clock again. */
    lastUsedAt: at(),
    /** Soft delete: invisible at once; files and row go when `purgeAfter` passes. */
    deletedAt: at(),
    purgeAfter: at(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('uploads_path_unique').on(table.path),
    uniqueIndex('uploads_thumbnail_path_unique').on(table.thumbnailPath),
    index('uploads_organization_created_idx').on(table.organizationId, table.createdAt),
    index('uploads_purge_after_idx').on(table.purgeAfter),
  ],
);

/**
 * Which posts use which uploads. The posts domain writes these rows; a row with `releasedAt`
 * null holds the upload: it cannot be deleted or cleaned up while the post still needs it. `releasedAt` is set when the post finished with it.
 */
export const postUploads = pgTable(
  'post_uploads',
  {
    postId: text()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    uploadId: text()
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    releasedAt: at(),
    deletedAt: at(),
    ...timestamps(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.uploadId] }), index('post_uploads_upload_idx').on(table.uploadId)],
);

/**
 * A three-step upload in progress: `init` creates it, the signed PUT fills `receivedAt`
 * (once: the claim is atomic), `finalize` links it to the upload it became.
 */
export const uploadIntents = pgTable(
  'upload_intents',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    teamId: text().references(() => teams.id, { onDelete: 'cascade' }),
    path: text().notNull(),
    fileName: text().notNull(),
    declaredMime: text().notNull(),
    declaredSize: bigint({ mode: 'number' }).notNull(),
    /** False when init named no size (issue 25): `declaredSize` is then the type's limit, an upper bound, and finalize checks the real size. */
    sizeDeclared: boolean().notNull().default(true),
    expiresAt: at().notNull(),
    putStartedAt: at(),
    receivedAt: at(),
    uploadId: text().references(() => uploads.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [uniqueIndex('upload_intents_path_unique').on(table.path), index('upload_intents_expires_idx').on(table.expiresAt)],
);

/**
 * Uploads created per organization and UTC month. A counter rather than a count of rows: deleted
 * uploads still count after retention removed their rows.
 */
export const uploadMonthlyUsage = pgTable(
  'upload_monthly_usage',
  {
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** `YYYY-MM`, UTC. */
    month: text().notNull(),
    count: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.month] })],
);
