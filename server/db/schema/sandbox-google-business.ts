import { jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { sandboxChannels } from './sandbox';

/**
 * A sandbox Google Business Profile location's profile, as Google keeps it (issue 27): the
 * Business Information `Location` document, its attributes, food menus, place action links and
 * media. Made on first use from the location channel; each change rewrites the row.
 */
export const sandboxGbpLocations = pgTable(
  'sandbox_gbp_locations',
  {
    id: idColumn(),
    channelId: text()
      .notNull()
      .references(() => sandboxChannels.id, { onDelete: 'cascade' }),
    location: jsonb().$type<Record<string, unknown>>().notNull(),
    attributes: jsonb().$type<Record<string, unknown>[]>().notNull().default([]),
    foodMenus: jsonb().$type<Record<string, unknown>[]>().notNull().default([]),
    placeActionLinks: jsonb().$type<Record<string, unknown>[]>().notNull().default([]),
    media: jsonb().$type<Record<string, unknown>[]>().notNull().default([]),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sandbox_gbp_locations_channel_unique').on(table.channelId)],
);
