import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns';
import { organizations } from './organizations';
import { socialAccounts } from './social-accounts';
import { teams } from './teams';
import {
  EXECUTION_STATUSES,
  FLOW_STATUSES,
  FLOW_VERSION_STATUSES,
  PLATFORM_SCOPES,
  PROVIDER_SETTING_STATUSES,
  PROVIDER_SETTING_TYPES,
  STEP_EXECUTION_STATUSES,
  TRIGGER_TYPES,
} from '../../automations/shared/automation-constants';
import type { FlowDefinition } from '../../automations/shared/flow-definition';
import type { PostPlatform } from '../../platforms/platform-types';

/*
 * Automations (issue 13): flows and their versions, the runs of a flow (executions and their
 * steps) and the DM provider settings of an account (ice breakers, persistent menu).
 */

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * Creation times kept to the millisecond (Postgres rounds `now()` to it): lists page by a cursor
 * of (createdAt, id) that travels as JavaScript dates, which hold milliseconds only.
 */
const listedTimestamps = () => ({
  createdAt: timestamp({ withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date()),
});

/**
 * A flow: one trigger and its steps, as versions. Deleting only marks it: it answers 404 from then
 * on while its executions stay readable for their 30 days.
 */
export const automationFlows = pgTable(
  'automation_flows',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    teamId: text()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    status: text({ enum: FLOW_STATUSES }).notNull().default('DRAFT'),
    platformScope: text({ enum: PLATFORM_SCOPES }).notNull(),
    /** The version that runs; null until the first publish. */
    publishedVersionId: text().references((): AnyPgColumn => automationFlowVersions.id, { onDelete: 'set null' }),
    /** The latest saved draft; it stays after publishing. */
    draftVersionId: text().references((): AnyPgColumn => automationFlowVersions.id, { onDelete: 'set null' }),
    /** The highest version number given out: each publish takes the next one. */
    lastVersion: integer().notNull().default(0),
    deletedAt: at(),
    ...listedTimestamps(),
  },
  (table) => [
    index('automation_flows_team_created_idx').on(table.organizationId, table.teamId, table.createdAt, table.id),
    index('automation_flows_published_idx').on(table.publishedVersionId),
  ],
);

/**
 * One version of a flow. The draft is overwritten in place by `PATCH`; each publish adds a new
 * `PUBLISHED` row with a higher number, and older published rows stay for the executions that
 * name them. The trigger's routing fields are copied out of the definition so the executor finds
 * the flows listening on an account (and an event) with an index rather than by reading JSON.
 */
export const automationFlowVersions = pgTable(
  'automation_flow_versions',
  {
    id: idColumn(),
    flowId: text()
      .notNull()
      .references((): AnyPgColumn => automationFlows.id, { onDelete: 'cascade' }),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    status: text({ enum: FLOW_VERSION_STATUSES }).notNull(),
    definition: jsonb().$type<FlowDefinition>().notNull(),
    triggerType: text({ enum: TRIGGER_TYPES }).notNull(),
    platform: text().$type<PostPlatform>().notNull(),
    socialAccountId: text().references(() => socialAccounts.id, { onDelete: 'set null' }),
    postId: text(),
    publishedAt: at(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('automation_flow_versions_flow_version_unique').on(table.flowId, table.version),
    index('automation_flow_versions_account_idx').on(table.socialAccountId, table.triggerType),
  ],
);

export type ExecutionInput = { type: string; platform: string; postId?: string | null; text?: string | null; payload?: string | null; [key: string]: unknown };
export type ExecutionOutput = {
  completedAtStepId?: string;
  skippedAtStepId?: string;
  /** A QUEUED run the platform rate-limited: it starts again at this time (ISO), from this step. */
  rateLimitedUntil?: string;
  rateLimitedAtStepId?: string;
};
export type ExecutionError = { code: string | null; message: string };

/** One run of a flow's version for one event (or a test). Kept 30 days. */
export const automationExecutions = pgTable(
  'automation_executions',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    teamId: text()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    flowId: text()
      .notNull()
      .references(() => automationFlows.id, { onDelete: 'cascade' }),
    flowVersionId: text()
      .notNull()
      .references(() => automationFlowVersions.id, { onDelete: 'cascade' }),
    /** The event that triggered the run (an inbound event id, or the test's own id): one run per flow and event. */
    triggerId: text().notNull(),
    platform: text().$type<PostPlatform>().notNull(),
    socialAccountId: text().references(() => socialAccounts.id, { onDelete: 'set null' }),
    fetchedCommentId: text(),
    conversationId: text(),
    conversationMessageId: text(),
    senderExternalId: text(),
    currentStepId: text(),
    status: text({ enum: EXECUTION_STATUSES }).notNull(),
    input: jsonb().$type<ExecutionInput>().notNull(),
    output: jsonb().$type<ExecutionOutput>(),
    error: jsonb().$type<ExecutionError>(),
    /** When the event reached the service: the trigger's delay counts from here. */
    receivedAt: at().notNull(),
    /** When the run may start (received + delay); it must finish within an hour of it. */
    scheduledAt: at().notNull(),
    startedAt: at(),
    completedAt: at(),
    ...listedTimestamps(),
  },
  (table) => [
    uniqueIndex('automation_executions_flow_trigger_unique').on(table.flowId, table.triggerId),
    index('automation_executions_flow_created_idx').on(table.flowId, table.createdAt, table.id),
    index('automation_executions_waiting_idx')
      .on(table.status, table.scheduledAt)
      .where(sql`${table.status} in ('QUEUED', 'RUNNING')`),
    index('automation_executions_sender_idx').on(table.socialAccountId, table.senderExternalId, table.createdAt),
    index('automation_executions_created_idx').on(table.createdAt),
  ],
);

/** One step of a run, with its attempts, output and error. */
export const automationExecutionSteps = pgTable(
  'automation_execution_steps',
  {
    id: idColumn(),
    executionId: text()
      .notNull()
      .references(() => automationExecutions.id, { onDelete: 'cascade' }),
    stepId: text().notNull(),
    position: integer().notNull(),
    type: text().notNull(),
    status: text({ enum: STEP_EXECUTION_STATUSES }).notNull().default('PENDING'),
    attemptCount: integer().notNull().default(0),
    output: jsonb().$type<Record<string, unknown>>(),
    error: jsonb().$type<ExecutionError>(),
    startedAt: at(),
    completedAt: at(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('automation_execution_steps_execution_step_unique').on(table.executionId, table.stepId)],
);

export type ProviderSettingConfig = Record<string, unknown>;

/** Ice breakers (Instagram) or the persistent menu (Facebook) of one account: saved here, pushed by sync. */
export const automationProviderSettings = pgTable(
  'automation_provider_settings',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    teamId: text()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    socialAccountId: text()
      .notNull()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    platform: text().$type<PostPlatform>().notNull(),
    type: text({ enum: PROVIDER_SETTING_TYPES }).notNull(),
    status: text({ enum: PROVIDER_SETTING_STATUSES }).notNull().default('DRAFT'),
    config: jsonb().$type<ProviderSettingConfig>().notNull(),
    lastSyncedAt: at(),
    lastSyncError: jsonb().$type<{ message: string }>(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('automation_provider_settings_account_type_unique').on(table.socialAccountId, table.type),
    index('automation_provider_settings_team_updated_idx').on(table.organizationId, table.teamId, table.updatedAt, table.id),
  ],
);
