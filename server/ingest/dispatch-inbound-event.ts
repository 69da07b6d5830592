import { and, eq } from 'drizzle-orm';
import { transactionThenFollow } from '../db/after-commit';
import { inboundEvents } from '../db/schema/ingest';
import type { AppServices } from '../services';
import { inboundConsumers } from './consumers';

/**
 * Hands a stored inbound event to the domain that consumes it. Idempotent: the consumer runs in
 * the transaction that marks the event PROCESSED, and an event already processed is skipped. What
 * the consumer asked to start after the commit (runs without a delay) starts before this returns.
 */
export async function dispatchInboundEvent(services: AppServices, inboundEventId: string): Promise<void> {
  await transactionThenFollow(services.db, async (tx) => {
    const [event] = await tx
      .select()
      .from(inboundEvents)
      .where(and(eq(inboundEvents.id, inboundEventId), eq(inboundEvents.status, 'PENDING')))
      .for('update');
    if (!event) return;
    const consumer = inboundConsumers[event.domain];
    if (!consumer) {
      services.logger.debug('inbound event waits for its domain', { inboundEventId, domain: event.domain });
      return;
    }
    await consumer(tx, event, services);
    await tx.update(inboundEvents).set({ status: 'PROCESSED', processedAt: new Date() }).where(eq(inboundEvents.id, event.id));
  });
}
