import { boolean, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns';

export const planTier = pgEnum('plan_tier', ['FREE', 'PRO', 'BUSINESS']);
export const userRole = pgEnum('user_role', ['ADMIN', 'CUSTOMER']);

export const organizations = pgTable('organizations', {
  id: idColumn(),
  name: text().notNull(),
  plan: planTier().notNull().default('FREE'),
  dmsEnabled: boolean().notNull().default(false),
  automationsEnabled: boolean().notNull().default(false),
  /**
   * Comments arriving on posts published through the service are collected (on by default; the
   * operator can turn it off). TikTok comment automations need it: TikTok flows are refused while off.
   */
  commentImportEnabled: boolean().notNull().default(true),
  // Analytics settings (issue 10): the background refresh skips what is disabled; intervals in
  // hours, null for the default (server/analytics/analytics-settings.ts).
  analyticsDisabled: boolean().notNull().default(false),
  analyticsPostsDisabled: boolean().notNull().default(false),
  analyticsInterval: integer(),
  analyticsPostsInterval: integer(),
  createdById: text(),
  ...timestamps(),
});

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text(),
    lastName: text(),
    role: userRole().notNull().default('CUSTOMER'),
    lastLoginAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    // Emails are compared lower-cased; the service stores them that way.
    uniqueIndex('users_email_unique').on(table.email),
    index('users_organization_idx').on(table.organizationId),
  ],
);
