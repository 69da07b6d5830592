import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, type WebhookDeliveryStatus } from '../../db/schema/webhooks';
import { ConflictError, NotFoundError } from '../../http/errors';
import type { JobQueue } from '../../jobs/job-queue';
import type { AppServices } from '../../services';
import { wakeDispatcher } from '../delivery/wake-dispatcher';

export type WebhookEnvelope = { id: string; type: string; createdAt: string; data: unknown };
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

/** The test event's type: sent on request only, never subscribed to. */
export const TEST_EVENT_TYPE = 'webhook.test';

export function toAttemptDto(attempt: AttemptRow) {
  return {
    id: attempt.id,
    attemptNumber: attempt.attemptNumber,
    status: attempt.status,
    startedAt: attempt.startedAt.toISOString(),
    durationMs: attempt.durationMs,
    responseStatus: attempt.responseStatus,
    responseBody: attempt.responseBody,
    error: attempt.error,
    nextRetryAt: attempt.nextRetryAt?.toISOString() ?? null,
  };
}

export function toDeliveryDto(delivery: DeliveryRow, attempts: AttemptRow[]) {
  return {
    id: delivery.id,
    endpointId: delivery.endpointId,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status,
    attemptCount: delivery.attemptCount,
    nextAttemptAt: delivery.status === 'pending' ? (delivery.nextAttemptAt?.toISOString() ?? null) : null,
    lastResponseStatus: delivery.lastResponseStatus,
    lastError: delivery.lastError,
    lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    payload: JSON.parse(delivery.body) as WebhookEnvelope,
    createdAt: delivery.createdAt.toISOString(),
    attempts: attempts.map(toAttemptDto),
  };
}

async function attemptsOf(db: Executor, deliveryIds: string[]) {
  const byDelivery = new Map<string, AttemptRow[]>();
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, deliveryIds)).orderBy(asc(webhookAttempts.attemptNumber));
  for (const row of rows) byDelivery.set(row.deliveryId, [...(byDelivery.get(row.deliveryId) ?? []), row]);
  return byDelivery;
}

async function assertEndpoint(db: Executor, params: { organizationId: string; endpointId: string }) {
  const [endpoint] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, params.organizationId), eq(webhookEndpoints.id, params.endpointId)));
  if (!endpoint) throw new NotFoundError('Webhook endpoint');
  return endpoint;
}

export async function listDeliveries(
  db: Executor,
  params: { organizationId: string; endpointId: string; offset: number; limit: number; status?: WebhookDeliveryStatus },
) {
  await assertEndpoint(db, params);
  const where = and(
    eq(webhookDeliveries.organizationId, params.organizationId),
    eq(webhookDeliveries.endpointId, params.endpointId),
    params.status ? eq(webhookDeliveries.status, params.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .offset(params.offset)
      .limit(params.limit),
    db.select({ value: count() }).from(webhookDeliveries).where(where),
  ]);
  const attempts = await attemptsOf(
    db,
    rows.map((row) => row.id),
  );
  return { items: rows.map((row) => toDeliveryDto(row, attempts.get(row.id) ?? [])), total: total?.value ?? 0 };
}

async function findDelivery(db: Executor, params: { organizationId: string; endpointId: string; id: string }) {
  const [delivery] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.organizationId, params.organizationId),
        eq(webhookDeliveries.endpointId, params.endpointId),
        eq(webhookDeliveries.id, params.id),
      ),
    );
  if (!delivery) throw new NotFoundError('Webhook delivery');
  return delivery;
}

export async function getDelivery(db: Executor, params: { organizationId: string; endpointId: string; id: string }) {
  const delivery = await findDelivery(db, params);
  const attempts = await attemptsOf(db, [delivery.id]);
  return toDeliveryDto(delivery, attempts.get(delivery.id) ?? []);
}

/**
 * Sends a delivery again with a fresh retry cycle. The `webhook-id` stays the event's id, as
 * Standard Webhooks asks: a receiver that deduplicates will recognise it.
 */
export async function replayDelivery(services: AppServices, params: { organizationId: string; endpointId: string; id: string }) {
  await services.db.transaction(async (tx) => {
    const endpoint = await assertEndpoint(tx, params);
    const delivery = await findDelivery(tx, params);
    if (delivery.status === 'pending') throw new ConflictError('This delivery is already scheduled');
    if (!endpoint.enabled) throw new ConflictError('The endpoint is disabled: enable it again to resume deliveries');
    const now = new Date();
    await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', cycleAttempts: 0, nextAttemptAt: now, updatedAt: now })
      .where(eq(webhookDeliveries.id, delivery.id));
    await wakeDispatcher(tx, services.jobs, endpoint.id, now);
  });
  return getDelivery(services.db, params);
}

/** A `webhook.test` event for this endpoint alone, delivered and logged like any other. */
export async function sendTestEvent(services: AppServices, params: { organizationId: string; endpointId: string }) {
  const id = await services.db.transaction(async (tx) => {
    const endpoint = await assertEndpoint(tx, params);
    if (!endpoint.enabled) throw new ConflictError('The endpoint is disabled: enable it again to send a test event');
    const now = new Date();
    const eventId = `evt_${newId()}`;
    const body = JSON.stringify({
      id: eventId,
      type: TEST_EVENT_TYPE,
      createdAt: now.toISOString(),
      data: { endpointId: endpoint.id, message: 'Test event from SocialDesk: your endpoint is reachable.' },
    });
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({
        organizationId: params.organizationId,
        endpointId: endpoint.id,
        eventId,
        eventType: TEST_EVENT_TYPE,
        body,
        nextAttemptAt: now,
      })
      .returning({ id: webhookDeliveries.id });
    await wakeDispatcher(tx, services.jobs, endpoint.id, now);
    return delivery!.id;
  });
  return getDelivery(services.db, { ...params, id });
}

/** Re-enabling an endpoint: what was held back while it was disabled goes out now. */
export async function resumePausedDeliveries(tx: Executor, jobs: JobQueue, endpointId: string): Promise<number> {
  const now = new Date();
  const resumed = await tx
    .update(webhookDeliveries)
    .set({ status: 'pending', cycleAttempts: 0, nextAttemptAt: now, updatedAt: now })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'paused')))
    .returning({ id: webhookDeliveries.id });
  // Pending deliveries (new events while paused ones waited) need a dispatcher too.
  await wakeDispatcher(tx, jobs, endpointId, now);
  return resumed.length;
}
