import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * Domain events, written in the same transaction as the change that caused them.
 * The webhook relay turns them into deliveries; the serial id gives the relay a stable order.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    seq: bigserial({ mode: 'number' }).primaryKey(),
    id: text().notNull().unique(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    teamId: text(),
    type: text().notNull(),
    data: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    relayedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('outbox_pending_idx').on(table.relayedAt, table.seq)],
);
