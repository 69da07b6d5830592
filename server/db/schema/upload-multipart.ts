import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { uploadIntents } from './uploads';

/**
 * The multipart side of an upload session (`/upload/multipart/*`): the session itself is an
 * `upload_intents` row (its reservation, expiry, finalize and clean-up are the three-step ones);
 * this row says how the file is cut and, on a bucket, which S3 multipart upload holds the parts.
 */
export const uploadMultipartSessions = pgTable(
  'upload_multipart_sessions',
  {
    intentId: text()
      .primaryKey()
      .references(() => uploadIntents.id, { onDelete: 'cascade' }),
    organizationId: text().notNull(),
    /** S3's UploadId when the parts go straight to the bucket; null when our own part route receives them. */
    storageUploadId: text(),
    partSize: bigint({ mode: 'number' }).notNull(),
    partCount: integer().notNull(),
    ...timestamps(),
  },
  (table) => [index('upload_multipart_sessions_organization_idx').on(table.organizationId)],
);
