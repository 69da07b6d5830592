import { date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { organizations } from './organizations';

/**
 * One row per post or comment that uses a platform account's daily quota, keyed by the real
 * platform account (platform + external id) so every team connecting it shares the count.
 * The publishing and comments domains write these rows; `server/usage/` reads them.
 */
export const platformQuotaUsage = pgTable(
  'platform_quota_usage',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    platform: text().notNull(),
    externalAccountId: text().notNull(),
    kind: text({ enum: ['POST', 'COMMENT'] }).notNull(),
    /** UTC day the quota is charged to (a post's scheduled date). */
    day: date({ mode: 'string' }).notNull(),
    /** The post or comment that uses the quota: the same item is never counted twice. */
    itemId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('platform_quota_usage_item_unique').on(table.kind, table.itemId, table.platform, table.externalAccountId),
    index('platform_quota_usage_day_idx').on(table.organizationId, table.platform, table.externalAccountId, table.day),
  ],
);

export const IMPORT_KINDS = ['POSTS', 'REVIEWS', 'RECOMMENDATIONS'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/**
 * Items imported per real platform account (platform + external id), kind and UTC month, for the
 * monthly import caps: post history (`POSTS`), business reviews and Facebook recommendations.
 * Written by `countImport` (server/usage/import-usage.ts) in the transaction that stores the items.
 */
export const importUsage = pgTable(
  'import_usage',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text({ enum: IMPORT_KINDS }).notNull(),
    platform: text().notNull(),
    externalAccountId: text().notNull(),
    /** UTC month, `YYYY-MM`. */
    month: text().notNull(),
    used: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('import_usage_account_month_unique').on(table.organizationId, table.kind, table.platform, table.externalAccountId, table.month)],
);
