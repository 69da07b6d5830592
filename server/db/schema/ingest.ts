import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { organizations } from './organizations';
import { socialAccounts } from './social-accounts';
import type { SocialAccountType } from '../../platforms/platform-types';

/**
 * Every inbound platform event (webhook or sandbox), stored once per receiving account before any
 * domain acts on it. `domain` names who consumes it; `processedAt` stays null until that domain does.
 */
export const inboundEvents = pgTable(
  'inbound_events',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    teamId: text().notNull(),
    socialAccountId: text()
      .notNull()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    platform: text().$type<SocialAccountType>().notNull(),
    source: text({ enum: ['webhook', 'sandbox'] }).notNull(),
    kind: text().notNull(),
    domain: text({ enum: ['comments', 'inbox', 'reviews'] }).notNull(),
    /** The platform's id for the event, so a redelivered webhook is stored once. */
    externalEventId: text().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    /** The normalized event the consuming domain reads. */
    payload: jsonb().notNull(),
    /** The platform's payload as received, for audits and replays. */
    raw: jsonb().notNull(),
    status: text({ enum: ['PENDING', 'PROCESSED', 'IGNORED'] }).notNull(),
    /** Why an event is ignored (for example: messaging not enabled for the account). */
    note: text(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('inbound_events_dedupe_unique').on(table.socialAccountId, table.externalEventId),
    index('inbound_events_pending_idx').on(table.domain, table.status, table.receivedAt),
    index('inbound_events_account_idx').on(table.organizationId, table.socialAccountId, table.receivedAt),
  ],
);

/** A stored event as its consumers read it: beside the table, so they import the schema, not the ingest code that imports them. */
export type InboundEventRow = typeof inboundEvents.$inferSelect;
