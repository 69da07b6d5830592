import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns';
import { organizations } from './organizations';
// The status lists live in a browser-safe module so the dashboard can use them without drizzle.
import { webhookAttemptStatus, webhookDeliveryStatus } from '../../webhooks/shared/delivery-statuses';

export type { WebhookDeliveryStatus } from '../../webhooks/shared/delivery-statuses';

/**
 * An organization's webhook endpoint. Secrets are stored encrypted with a key derived from
 * SECRET_KEY, so a database dump alone cannot forge deliveries.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    description: text(),
    /** Subscribed event types; empty means every type, including types added later. */
    events: text().array().notNull().default([]),
    enabled: boolean().notNull().default(true),
    disabledReason: text(),
    disabledAt: timestamp({ withTimezone: true }),
    secretCiphertext: text().notNull(),
    /** The secret before the last rotation, which keeps signing until previousSecretExpiresAt. */
    previousSecretCiphertext: text(),
    previousSecretExpiresAt: timestamp({ withTimezone: true }),
    secretRotatedAt: timestamp({ withTimezone: true }),
    /** First failed attempt since the last success; null while the endpoint is healthy. */
    failingSince: timestamp({ withTimezone: true }),
    lastSuccessAt: timestamp({ withTimezone: true }),
    lastFailureAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (table) => [index('webhook_endpoints_organization_idx').on(table.organizationId, table.createdAt)],
);

/**
 * One event for one endpoint. The table is the delivery queue's source of truth: pg-boss jobs only
 * wake the dispatcher, which claims due rows with a lease.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    endpointId: text()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The envelope's id and the `webhook-id` header: the same on every attempt and replay. */
    eventId: text().notNull(),
    eventType: text().notNull(),
    /** The exact bytes sent and signed, so every attempt carries an identical body. */
    body: text().notNull(),
    status: text({ enum: webhookDeliveryStatus }).notNull().default('pending'),
    /** Attempts ever made (numbers the log). */
    attemptCount: integer().notNull().default(0),
    /** Attempts in the current retry cycle; a replay or a re-enable starts a new cycle. */
    cycleAttempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    leaseToken: text(),
    leaseExpiresAt: timestamp({ withTimezone: true }),
    lastResponseStatus: integer(),
    lastError: text(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    // The relay may run twice for one outbox row; this makes the second run a no-op.
    uniqueIndex('webhook_deliveries_endpoint_event_unique').on(table.endpointId, table.eventId),
    index('webhook_deliveries_due_idx').on(table.status, table.endpointId, table.nextAttemptAt),
    index('webhook_deliveries_log_idx').on(table.organizationId, table.endpointId, table.createdAt),
  ],
);

/** Every try, recorded as `sending` before the request leaves so a crash shows as `interrupted`. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: idColumn(),
    deliveryId: text()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptNumber: integer().notNull(),
    status: text({ enum: webhookAttemptStatus }).notNull().default('sending'),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    durationMs: integer(),
    responseStatus: integer(),
    /** The start of the response body, truncated. */
    responseBody: text(),
    error: text(),
    nextRetryAt: timestamp({ withTimezone: true }),
  },
  (table) => [uniqueIndex('webhook_attempts_delivery_number_unique').on(table.deliveryId, table.attemptNumber)],
);
