import { and, inArray, isNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import { outboxEvents } from '../db/schema/events';
import { webhookDeliveries, webhookWakeups } from '../db/schema/webhooks';
import { defineJob } from '../jobs/define-job';

/**
 * Retention: finished deliveries (with their attempts) and relayed outbox rows older than
 * WEBHOOK_RETENTION_DAYS go; pending and paused deliveries stay, whatever their age.
 */
export const cleanupJob = defineJob({
  name: 'webhooks.cleanup',
  payload: z.object({}).passthrough(),
  cron: '23 3 * * *',
  retryLimit: 2,
  async handle(_payload, { services }) {
    const before = new Date(Date.now() - services.config.WEBHOOK_RETENTION_DAYS * 24 * 3600_000);
    const deliveries = await services.db
      .delete(webhookDeliveries)
      .where(and(inArray(webhookDeliveries.status, ['delivered', 'failed']), lt(webhookDeliveries.createdAt, before)))
      .returning({ id: webhookDeliveries.id });
    const events = await services.db
      .delete(outboxEvents)
      .where(lt(outboxEvents.relayedAt, before))
      .returning({ seq: outboxEvents.seq });
    // Consumed wake-ups, and those of deleted endpoints long past their time.
    await services.db
      .delete(webhookWakeups)
      .where(or(isNull(webhookWakeups.wakeAt), lt(webhookWakeups.wakeAt, before)));
    if (deliveries.length + events.length > 0) {
      services.logger.info('webhooks retention', { deliveries: deliveries.length, outboxEvents: events.length });
    }
  },
});
