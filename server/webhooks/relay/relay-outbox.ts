import { and, asc, inArray, isNull } from 'drizzle-orm';
import { outboxEvents } from '../../db/schema/events';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks';
import { consumeWake } from '../../jobs/coalesced-wake-ups';
import type { AppServices } from '../../services';
import { wakeDispatchers } from '../delivery/wake-dispatcher';
import { RELAY_WAKE_KEY, wakeRelay } from './wake-relay';

const BATCH_SIZE = 500;
/** One run stops after this long and leaves the rest to the next wake-up, so jobs stay short. */
const RUN_BUDGET_MS = 30_000;

/** One relay job: consume the wake-up, relay, and wake a successor if the run left rows behind. */
export async function runRelay(services: AppServices): Promise<void> {
  await consumeWake(services.db, RELAY_WAKE_KEY);
  const { more } = await relayOutbox(services);
  if (more) await services.db.transaction((tx) => wakeRelay(tx, services.jobs));
}

/**
 * Turns committed outbox rows into deliveries, one transaction per batch: the deliveries, their
 * dispatcher wake-ups and the `relayedAt` mark commit together, so a crash anywhere leaves the
 * batch unrelayed and the next run redoes it (the unique (endpoint, event) index absorbs repeats).
 * Returns whether rows are left for another run.
 */
export async function relayOutbox(services: AppServices): Promise<{ relayed: number; more: boolean }> {
  const started = Date.now();
  let relayed = 0;
  while (Date.now() - started < RUN_BUDGET_MS) {
    const count = await services.db.transaction(async (tx) => {
      // SKIP LOCKED lets several relays share the backlog without waiting on each other.
      const rows = await tx
        .select()
        .from(outboxEvents)
        .where(isNull(outboxEvents.relayedAt))
        .orderBy(asc(outboxEvents.seq))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      const organizationIds = [...new Set(rows.map((row) => row.organizationId))];
      const endpoints = await tx.select().from(webhookEndpoints).where(inArray(webhookEndpoints.organizationId, organizationIds));
      const values = [];
      for (const row of rows) {
        for (const endpoint of endpoints) {
          if (endpoint.organizationId !== row.organizationId) continue;
          if (endpoint.events.length > 0 && !endpoint.events.includes(row.type)) continue;
          // An endpoint receives what happens after it was registered, not the backlog before it.
          if (row.createdAt < endpoint.createdAt) continue;
          values.push({
            organizationId: row.organizationId,
            endpointId: endpoint.id,
            eventId: row.id,
            eventType: row.type,
            body: JSON.stringify({ id: row.id, type: row.type, createdAt: row.createdAt.toISOString(), data: row.data }),
            // Events for a disabled endpoint wait, paused, until someone enables it again.
            status: endpoint.enabled ? ('pending' as const) : ('paused' as const),
            nextAttemptAt: row.createdAt,
          });
        }
      }
      const created = values.length
        ? await tx
            .insert(webhookDeliveries)
            .values(values)
            .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.eventId] })
            .returning({ endpointId: webhookDeliveries.endpointId, status: webhookDeliveries.status })
        : [];
      const now = new Date();
      await wakeDispatchers(tx, services.jobs, [...new Set(created.filter((d) => d.status === 'pending').map((d) => d.endpointId))], now);
      await tx
        .update(outboxEvents)
        .set({ relayedAt: now })
        .where(
          and(
            inArray(
              outboxEvents.seq,
              rows.map((row) => row.seq),
            ),
            isNull(outboxEvents.relayedAt),
          ),
        );
      return rows.length;
    });
    relayed += count;
    if (count < BATCH_SIZE) return { relayed, more: false };
  }
  return { relayed, more: true };
}

/** Whether anything waits in the outbox (the sweep's question). */
export async function outboxBacklog(services: AppServices): Promise<boolean> {
  const [row] = await services.db.select({ seq: outboxEvents.seq }).from(outboxEvents).where(isNull(outboxEvents.relayedAt)).limit(1);
  return !!row;
}
