import { jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { sandboxProfiles } from './sandbox';

/**
 * Direct messages the service sent through a sandbox platform, keyed by the request's idempotency
 * key like `sandbox_publications`: a repeated send returns the first message, a reconciler that
 * lost the answer finds it, and the platform's delivery receipt is sent once per message.
 */
export const sandboxMessages = pgTable(
  'sandbox_messages',
  {
    id: idColumn(),
    profileId: text()
      .notNull()
      .references(() => sandboxProfiles.id, { onDelete: 'cascade' }),
    intentKey: text().notNull(),
    /** The message id the platform answered (`m_…`). */
    externalMessageId: text().notNull(),
    /** The page (or professional account) that sent it: webhooks are addressed to it. */
    pageId: text().notNull(),
    /** The person it went to; for a private reply, the comment it answers names them. */
    recipientId: text(),
    commentId: text(),
    /** The message as the platform received it. */
    message: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the platform reported it delivered to the person's device (its delivery webhook). */
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (table) => [uniqueIndex('sandbox_messages_intent_unique').on(table.profileId, table.intentKey)],
);
