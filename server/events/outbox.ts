import type { Executor } from '../db/client';
import { newId } from '../db/ids';
import { notifyChannel } from '../db/notifications';
import { outboxEvents } from '../db/schema/events';
import type { EventType } from './event-types';

export { EVENT_TYPES, EVENT_TYPE_NAMES, type EventType } from './event-types';

/**
 * NOTIFY channel that announces committed events (ids only: payloads stay far below the 8 kB
 * NOTIFY limit). Live dashboard streams and the webhook relay listen to it.
 */
export const EVENTS_CHANNEL = 'sd_events';
export type EventNotice = { seq: number; id: string; organizationId: string; teamId: string | null; type: string };

/** Call inside the transaction that makes the change, so the event exists exactly when the change does. */
export async function recordEvent(
  tx: Executor,
  event: { organizationId: string; teamId?: string | null; type: EventType; data: unknown },
): Promise<string> {
  const id = `evt_${newId()}`;
  const [row] = await tx
    .insert(outboxEvents)
    .values({
      id,
      organizationId: event.organizationId,
      teamId: event.teamId ?? null,
      type: event.type,
      data: event.data,
    })
    .returning({ seq: outboxEvents.seq });
  // NOTIFY is transactional: listeners hear of the event only if (and when) the change commits.
  const notice: EventNotice = { seq: row!.seq, id, organizationId: event.organizationId, teamId: event.teamId ?? null, type: event.type };
  await notifyChannel(tx, EVENTS_CHANNEL, JSON.stringify(notice));
  return id;
}
