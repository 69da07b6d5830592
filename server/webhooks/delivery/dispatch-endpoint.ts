import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks';
import { consumeWake } from '../../jobs/coalesced-wake-ups';
import type { AppServices } from '../../services';
import { activeSecrets, type EndpointRow } from '../endpoints/endpoints.service';
import { BlockedTargetError, resolveTarget } from '../../security/ssrf-guard';
import { postPinned, type SendResult } from './http-sender';
import { decideOutcome, type AttemptOutcome } from './retry-policy';
import { signDelivery } from './signing';
import { dispatchWakeKey, wakeDispatcher } from './wake-dispatcher';

/**
 * Deliveries claimed per round: their successes are recorded together, in one transaction, which
 * is most of what lets a backlog drain at hundreds per second (decision 020).
 */
const CLAIM_BATCH = 32;
/** Requests in flight per endpoint and dispatcher run. */
const IN_FLIGHT = 8;
/** A run stops after this long and hands over to a fresh job, so no job runs for hours. */
const RUN_BUDGET_MS = 60_000;
/** The lease outlives the request timeout by this much, time enough to record the result. */
const LEASE_MARGIN_MS = 5_000;
const RESPONSE_BODY_LOG_CHARS = 1024;

type Claimed = { delivery: typeof webhookDeliveries.$inferSelect; attemptId: string; leaseToken: string };
type Sent = { item: Claimed; result: SendResult; durationMs: number };

/**
 * Delivers everything due for one endpoint. Rows are claimed with a lease (and an attempt row
 * saying `sending`) before any request leaves; a crash mid-request leaves the lease to expire and
 * the delivery goes out again with the same `webhook-id`: at-least-once, never lost.
 */
export async function dispatchEndpoint(services: AppServices, endpointId: string): Promise<void> {
  await consumeWake(services.db, dispatchWakeKey(endpointId));
  const started = Date.now();
  while (Date.now() - started < RUN_BUDGET_MS) {
    const claim = await claimDue(services, endpointId);
    if (!claim || claim.items.length === 0) break;
    const limit = pLimit(IN_FLIGHT);
    const sent = await Promise.all(claim.items.map((item) => limit(() => send(services, claim.endpoint, item))));
    const delivered = sent.filter((s) => 'status' in s.result && succeeded(s.result.status));
    await recordDelivered(services, claim.endpoint, delivered);
    for (const s of sent) if (!delivered.includes(s)) await recordResult(services, claim.endpoint, s.item, s.result, s.durationMs);
  }
  await scheduleNextWake(services, endpointId);
}

async function claimDue(services: AppServices, endpointId: string) {
  const timeoutMs = services.config.WEBHOOK_TIMEOUT_SECONDS * 1000;
  return services.db.transaction(async (tx) => {
    const [endpoint] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    if (!endpoint) return null;
    const now = new Date();
    if (!endpoint.enabled) {
      await tx
        .update(webhookDeliveries)
        .set({ status: 'paused', updatedAt: now })
        .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
      return { endpoint, items: [] };
    }
    const due = await tx
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          eq(webhookDeliveries.endpointId, endpointId),
          lte(webhookDeliveries.nextAttemptAt, now),
          or(isNull(webhookDeliveries.leaseExpiresAt), lt(webhookDeliveries.leaseExpiresAt, now)),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(CLAIM_BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return { endpoint, items: [] };
    const ids = due.map((row) => row.id);
    // Attempts still `sending` belong to a process that died mid-request.
    await tx
      .update(webhookAttempts)
      .set({ status: 'interrupted', error: 'The worker stopped before the response was recorded' })
      .where(and(inArray(webhookAttempts.deliveryId, ids), eq(webhookAttempts.status, 'sending')));
    const leaseToken = newId();
    // The last of the claimed requests may start only after the ones before it time out.
    const rounds = Math.ceil(due.length / IN_FLIGHT);
    const leaseExpiresAt = new Date(now.getTime() + rounds * timeoutMs + LEASE_MARGIN_MS);
    const attempts = await tx
      .insert(webhookAttempts)
      .values(due.map((row) => ({ deliveryId: row.id, attemptNumber: row.attemptCount + 1, startedAt: now })))
      .returning({ id: webhookAttempts.id, deliveryId: webhookAttempts.deliveryId });
    const claimed = await tx
      .update(webhookDeliveries)
      .set({
        leaseToken,
        leaseExpiresAt,
        attemptCount: sql`${webhookDeliveries.attemptCount} + 1`,
        cycleAttempts: sql`${webhookDeliveries.cycleAttempts} + 1`,
        lastAttemptAt: now,
        updatedAt: now,
      })
      .where(inArray(webhookDeliveries.id, ids))
      .returning();
    const attemptIds = new Map(attempts.map((a) => [a.deliveryId, a.id]));
    return { endpoint, items: claimed.map((delivery): Claimed => ({ delivery, attemptId: attemptIds.get(delivery.id)!, leaseToken })) };
  });
}

async function send(services: AppServices, endpoint: EndpointRow, item: Claimed): Promise<Sent> {
  const started = Date.now();
  let result: SendResult;
  try {
    const target = await resolveTarget(endpoint.url, { allowPrivate: services.config.WEBHOOK_ALLOW_PRIVATE });
    const headers = signDelivery({
      secrets: activeSecrets(services, endpoint),
      messageId: item.delivery.eventId,
      body: item.delivery.body,
      timestamp: new Date(),
    });
    result = await postPinned(target, { body: item.delivery.body, headers, timeoutMs: services.config.WEBHOOK_TIMEOUT_SECONDS * 1000 });
  } catch (error) {
    result = { error: error instanceof BlockedTargetError ? `Refused: ${error.message}` : String(error) };
  }
  return { item, result, durationMs: Date.now() - started };
}

const succeeded = (status: number) => decideOutcome({ status, cycleAttempts: 0, schedule: [], now: new Date() }).kind === 'delivered';

/**
 * The common case in bulk: every successful attempt of a round, their deliveries (those whose lease
 * this run still holds) and the endpoint's health, in one transaction of three statements.
 */
async function recordDelivered(services: AppServices, endpoint: EndpointRow, sent: Sent[]) {
  if (sent.length === 0) return;
  const now = new Date().toISOString();
  const attempts = sent.map(({ item, result, durationMs }) => ({
    id: item.attemptId,
    duration_ms: durationMs,
    status: 'status' in result ? result.status : null,
    body: 'body' in result ? result.body.slice(0, RESPONSE_BODY_LOG_CHARS) : null,
  }));
  const deliveries = sent.map(({ item, result }) => ({ id: item.delivery.id, status: 'status' in result ? result.status : null }));
  await services.db.transaction(async (tx) => {
    await tx.execute(sql`
      update webhook_attempts as a
      set status = 'succeeded', duration_ms = v.duration_ms, response_status = v.status, response_body = v.body, error = null, next_retry_at = null
      from jsonb_to_recordset(${JSON.stringify(attempts)}::jsonb) as v(id text, duration_ms integer, status integer, body text)
      where a.id = v.id`);
    // Only the lease holder records: if the lease ran out and another worker took over, it owns the outcome.
    const recorded = await tx.execute(sql`
      update webhook_deliveries as d
      set status = 'delivered', delivered_at = ${now}::timestamptz, next_attempt_at = null, lease_token = null, lease_expires_at = null,
          last_response_status = v.status, last_error = null, updated_at = ${now}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(deliveries)}::jsonb) as v(id text, status integer)
      where d.id = v.id and d.lease_token = ${sent[0]!.item.leaseToken}
      returning d.id`);
    if (rowCount(recorded) > 0) await markHealthy(tx, endpoint.id, new Date(now));
  });
}

function rowCount(result: unknown): number {
  return Array.isArray(result) ? result.length : ((result as { rows?: unknown[] }).rows?.length ?? 0);
}

/** A healthy endpoint's lastSuccessAt is kept to the minute, sparing a write per delivery. */
async function markHealthy(tx: Executor, endpointId: string, now: Date) {
  await tx
    .update(webhookEndpoints)
    .set({ lastSuccessAt: now, failingSince: null })
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        or(
          isNotNull(webhookEndpoints.failingSince),
          isNull(webhookEndpoints.lastSuccessAt),
          lt(webhookEndpoints.lastSuccessAt, new Date(now.getTime() - 60_000)),
        ),
      ),
    );
}

function describeFailure(result: SendResult): string {
  if ('error' in result) return result.error;
  if (result.status >= 300 && result.status < 400) return `HTTP ${result.status} (redirects are not followed)`;
  return `HTTP ${result.status}`;
}

async function recordResult(services: AppServices, endpoint: EndpointRow, item: Claimed, result: SendResult, durationMs: number) {
  const now = new Date();
  const status = 'status' in result ? result.status : null;
  const outcome: AttemptOutcome = decideOutcome({
    status,
    retryAfter: 'headers' in result ? result.headers['retry-after'] : undefined,
    cycleAttempts: item.delivery.cycleAttempts,
    schedule: services.config.WEBHOOK_RETRY_SCHEDULE,
    now,
  });
  const failure = outcome.kind === 'delivered' ? null : describeFailure(result);
  await services.db.transaction(async (tx) => {
    await tx
      .update(webhookAttempts)
      .set({
        status: outcome.kind === 'delivered' ? 'succeeded' : 'failed',
        durationMs,
        responseStatus: status,
        responseBody: 'body' in result ? result.body.slice(0, RESPONSE_BODY_LOG_CHARS) : null,
        error: 'error' in result ? result.error : null,
        nextRetryAt: outcome.kind === 'retry' ? outcome.at : null,
      })
      .where(eq(webhookAttempts.id, item.attemptId));
    const deliveryChanges = {
      delivered: { status: 'delivered' as const, deliveredAt: now, nextAttemptAt: null },
      gone: { status: 'paused' as const, nextAttemptAt: null },
      retry: { status: 'pending' as const, nextAttemptAt: outcome.kind === 'retry' ? outcome.at : null },
      exhausted: { status: 'failed' as const, nextAttemptAt: null },
    }[outcome.kind];
    const [delivery] = await tx
      .update(webhookDeliveries)
      .set({ ...deliveryChanges, leaseToken: null, leaseExpiresAt: null, lastResponseStatus: status, lastError: failure, updatedAt: now })
      // Only the lease holder records: if the lease ran out and another worker took over, it owns the outcome.
      .where(and(eq(webhookDeliveries.id, item.delivery.id), eq(webhookDeliveries.leaseToken, item.leaseToken)))
      .returning({ id: webhookDeliveries.id });
    if (!delivery) return;

    if (outcome.kind === 'delivered') {
      await markHealthy(tx, endpoint.id, now);
      return;
    }
    const [current] = await tx
      .update(webhookEndpoints)
      .set({ lastFailureAt: now, failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning();
    if (!current) return;
    if (outcome.kind === 'retry') {
      await wakeDispatcher(tx, services.jobs, endpoint.id, outcome.at);
      return;
    }
    const reason =
      outcome.kind === 'gone'
        ? `The endpoint answered 410 Gone on ${now.toISOString()}`
        : keptFailing(current, services.config.WEBHOOK_RETRY_SCHEDULE, now)
          ? `Every attempt failed since ${current.failingSince!.toISOString()} (last: ${failure})`
          : null;
    if (!reason || !current.enabled) return;
    await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: reason, disabledAt: now, updatedAt: now })
      .where(eq(webhookEndpoints.id, endpoint.id));
    // Queued work waits, paused, for the endpoint to be enabled again.
    await tx
      .update(webhookDeliveries)
      .set({ status: 'paused', updatedAt: now })
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpoint.id),
          eq(webhookDeliveries.status, 'pending'),
          or(isNull(webhookDeliveries.leaseExpiresAt), lt(webhookDeliveries.leaseExpiresAt, now)),
        ),
      );
  });
}

/**
 * "Keeps failing": no success for about a whole retry cycle (the schedule's total, less the
 * jitter). A delivery that exhausts its retries while others succeed fails alone.
 */
function keptFailing(endpoint: EndpointRow, schedule: number[], now: Date): boolean {
  if (!endpoint.failingSince) return false;
  const cycleMs = schedule.reduce((sum, seconds) => sum + seconds, 0) * 1000 * 0.8;
  return now.getTime() - endpoint.failingSince.getTime() >= cycleMs;
}

/** After a run: wake again when the next pending delivery falls due (or its lease runs out). */
async function scheduleNextWake(services: AppServices, endpointId: string) {
  await services.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        dueAt: sql<
          Date | string | null
        >`min(greatest(${webhookDeliveries.nextAttemptAt}, coalesce(${webhookDeliveries.leaseExpiresAt}, ${webhookDeliveries.nextAttemptAt})))`,
      })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
    if (!row?.dueAt) return;
    const dueAt = new Date(row.dueAt);
    await wakeDispatcher(tx, services.jobs, endpointId, dueAt);
  });
}
