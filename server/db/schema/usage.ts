import { date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
