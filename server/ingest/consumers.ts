import type { Transaction } from '../db/client';
import type { InboundEventRow } from '../db/schema/ingest';
import type { AppServices } from '../services';
import { consumeCommentEvent } from '../comments/inbound-comments';
import { consumeReviewEvent } from '../reviews/inbound-reviews';
import { consumeMessageEvent } from '../inbox/inbound-messages';
import { feedAutomations } from '../automations/executor/inbound-triggers';

export type InboundDomain = InboundEventRow['domain'];

/** A domain's handler for its inbound events; runs in the transaction that marks the event processed. */
export type InboundConsumer = (tx: Transaction, event: InboundEventRow, services: AppServices) => Promise<void>;

/**
 * Who consumes which inbound events. The comments, inbox and reviews domains add themselves here
 * when they exist; until then their events wait as PENDING and are picked up from the table
 * (`processedAt is null`) once the consumer is added.
 */
export const inboundConsumers: Partial<Record<InboundDomain, InboundConsumer>> = {
  // Comments and DMs then feed automations in the same transaction (their runs are recorded with the event).
  comments: async (tx, event, services) => {
    await consumeCommentEvent(tx, event);
    await feedAutomations(tx, event, services);
  },
  reviews: (tx, event) => consumeReviewEvent(tx, event),
  inbox: async (tx, event, services) => {
    await consumeMessageEvent(tx, event, services.jobs);
    await feedAutomations(tx, event, services);
  },
};

export function domainOf(kind: string): InboundDomain {
  if (kind.startsWith('comment.')) return 'comments';
  if (kind.startsWith('review.')) return 'reviews';
  return 'inbox';
}
