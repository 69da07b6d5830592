import { eq, sql } from 'drizzle-orm';
import { webhookDeliveries } from '../../db/schema/webhooks';
import type { AppServices } from '../../services';
import { wakeDispatcher } from '../delivery/wake-dispatcher';
import { outboxBacklog } from '../relay/relay-outbox';
import { wakeRelay } from '../relay/wake-relay';

/** The sweep's stance: any wake-up already past its time may belong to a dead process. */
const SWEEP_STALE_AFTER_MS = 0;

/**
 * Runs every minute and when an instance starts: a wake-up past its time that has not been
 * consumed by then is re-sent (one duplicate job per minute at most), so work claimed by a process
 * that died is picked up again without waiting for pg-boss to expire its job.
 */
export async function sweepWebhooks(services: AppServices): Promise<void> {
  if (await outboxBacklog(services)) await services.db.transaction((tx) => wakeRelay(tx, services.jobs, SWEEP_STALE_AFTER_MS));
  const due = await services.db
    .select({
      endpointId: webhookDeliveries.endpointId,
      dueAt: sql<
        Date | string
      >`min(greatest(${webhookDeliveries.nextAttemptAt}, coalesce(${webhookDeliveries.leaseExpiresAt}, ${webhookDeliveries.nextAttemptAt})))`,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.status, 'pending'))
    .groupBy(webhookDeliveries.endpointId);
  for (const row of due) {
    // requestWake keeps this cheap: an endpoint whose wake-up is already queued gets no new job.
    await services.db.transaction((tx) => wakeDispatcher(tx, services.jobs, row.endpointId, new Date(row.dueAt), SWEEP_STALE_AFTER_MS));
  }
}
