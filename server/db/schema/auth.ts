import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns';
import { organizations, users } from './organizations';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The first characters of the key, shown in lists so people can tell keys apart. */
    prefix: text().notNull(),
    /** SHA-256 of the key: keys carry 256 random bits, so a fast hash is enough and lookups stay O(1). */
    keyHash: text().notNull(),
    scopes: text().array().notNull(),
    createdByUserId: text().references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (table) => [uniqueIndex('api_keys_hash_unique').on(table.keyHash), index('api_keys_organization_idx').on(table.organizationId, table.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token; the token itself is never stored. */
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_idx').on(table.userId), index('sessions_expires_idx').on(table.expiresAt)],
);
