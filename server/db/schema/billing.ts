import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { organizations } from './organizations';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/** The prepaid credit balance of an organization, in micro-dollars (a row appears with the first top-up or charge). */
export const creditBalances = pgTable('credit_balances', {
  organizationId: text()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  balanceMicros: bigint({ mode: 'number' }).notNull().default(0),
  lowBalanceThresholdMicros: bigint({ mode: 'number' }),
  updatedAt: at().notNull().defaultNow(),
});

/**
 * Every change of a balance: operator top-ups (positive) and charges for metered actions
 * (negative). `dedupeKey` makes "charged once per post per account per UTC day" a unique index.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['TOP_UP', 'CHARGE'] }).notNull(),
    action: text(),
    amountMicros: bigint({ mode: 'number' }).notNull(),
    /**
     * A charge is PENDING from when the balance is debited until the platform action it pays for
     * is done (COMPLETED); a failed action deletes its charge and gives the amount back.
     */
    status: text({ enum: ['PENDING', 'COMPLETED'] })
      .notNull()
      .default('COMPLETED'),
    dedupeKey: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: at().notNull().defaultNow(),
  },
  (table) => [
    index('credit_ledger_organization_idx').on(table.organizationId, table.createdAt),
    uniqueIndex('credit_ledger_dedupe_unique').on(table.organizationId, table.dedupeKey),
  ],
);
