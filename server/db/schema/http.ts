import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/** Responses remembered per caller (`key` is `<caller>|<Idempotency-Key>`) for 24 hours. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    requestHash: text().notNull(),
    /**
     * `running` while the first request is in flight, then `completed`; `secret-withheld` when its
     * response showed a secret, which is not kept (a repeat is told so instead of replayed).
     */
    state: text({ enum: ['running', 'completed', 'secret-withheld'] }).notNull(),
    responseStatus: integer(),
    responseBody: text(),
    responseContentType: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.key] }), index('idempotency_expires_idx').on(table.expiresAt)],
);

/** Shared counters for rate-limiter-flexible's Drizzle store (RATE_LIMIT_STORE=postgres). */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  points: integer().notNull().default(0),
  expire: timestamp({ withTimezone: true, mode: 'date' }),
});

export type RateLimitsTable = typeof rateLimits;
