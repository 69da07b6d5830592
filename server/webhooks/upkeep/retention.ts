import { and, inArray, lt } from 'drizzle-orm';
import { outboxEvents } from '../../db/schema/events';
import { webhookDeliveries } from '../../db/schema/webhooks';
import { deleteSpentWakeUps } from '../../jobs/coalesced-wake-ups';
import type { AppServices } from '../../services';

/**
 * Finished deliveries (with their attempts) and relayed outbox rows older than
 * WEBHOOK_RETENTION_DAYS go; pending and paused deliveries stay, whatever their age.
 */
export async function deleteExpiredWebhookRecords(services: AppServices): Promise<void> {
  const before = new Date(Date.now() - services.config.WEBHOOK_RETENTION_DAYS * 24 * 3600_000);
  const deliveries = await services.db
    .delete(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.status, ['delivered', 'failed']), lt(webhookDeliveries.createdAt, before)))
    .returning({ id: webhookDeliveries.id });
  const events = await services.db.delete(outboxEvents).where(lt(outboxEvents.relayedAt, before)).returning({ seq: outboxEvents.seq });
  // Consumed wake-ups, and those of deleted endpoints long past their time.
  await deleteSpentWakeUps(services.db, before);
  if (deliveries.length + events.length > 0) {
    services.logger.info('webhooks retention', { deliveries: deliveries.length, outboxEvents: events.length });
  }
}
