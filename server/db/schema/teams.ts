import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns';
import { organizations } from './organizations';

export const teams = pgTable(
  'teams',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    avatarUrl: text(),
    createdById: text(),
    ...timestamps(),
  },
  (table) => [index('teams_organization_created_idx').on(table.organizationId, table.createdAt)],
);
