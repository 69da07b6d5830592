import type { Executor } from '../db/client';
import { newId } from '../db/ids';
import { outboxEvents } from '../db/schema/events';

/** Event types; the list is extensible and documented in the README. */
export type EventType =
  | 'team.created'
  | 'team.updated'
  | 'team.deleted'
  | 'social-account.created'
  | 'social-account.updated'
  | 'social-account.deleted'
  | 'post.published'
  | 'comment.published'
  | 'comment.received'
  | 'conversation.message.created'
  | 'conversation.message.updated';

/** Call inside the transaction that makes the change, so the event exists exactly when the change does. */
export async function recordEvent(
  tx: Executor,
  event: { organizationId: string; teamId?: string | null; type: EventType; data: unknown },
): Promise<string> {
  const id = `evt_${newId()}`;
  await tx.insert(outboxEvents).values({
    id,
    organizationId: event.organizationId,
    teamId: event.teamId ?? null,
    type: event.type,
    data: event.data,
  });
  return id;
}
