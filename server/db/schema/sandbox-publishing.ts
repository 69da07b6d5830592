import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { sandboxItems, sandboxProfiles } from './sandbox';

/**
 * What the service asked a sandbox platform to publish, keyed by the request's idempotency key:
 * a repeated request returns the first item, and a worker that crashed after the call finds it.
 */
export const sandboxPublications = pgTable(
  'sandbox_publications',
  {
    id: idColumn(),
    profileId: text()
      .notNull()
      .references(() => sandboxProfiles.id, { onDelete: 'cascade' }),
    intentKey: text().notNull(),
    itemId: text()
      .notNull()
      .references(() => sandboxItems.id, { onDelete: 'cascade' }),
    /** The options and media as the platform received them. */
    request: jsonb().$type<Record<string, unknown>>().notNull(),
    /** What the platform answered, returned again for a repeated request. */
    result: jsonb().$type<{ externalData: Record<string, string>; warning?: string }>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sandbox_publications_intent_unique').on(table.profileId, table.intentKey), index('sandbox_publications_item_idx').on(table.itemId)],
);
