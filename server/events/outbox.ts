import { sql } from 'drizzle-orm';
import { publishCacheInvalidation } from '../cache/app-cache';
import type { Executor } from '../db/client';
import { newId } from '../db/ids';
import type { EventType } from './event-types';

export { EVENT_TYPES, EVENT_TYPE_NAMES, type EventType } from './event-types';

/**
 * NOTIFY channel that announces committed events (ids only: payloads stay far below the 8 kB
 * NOTIFY limit). Live dashboard streams and the webhook relay listen to it.
 */
export const EVENTS_CHANNEL = 'sd_events';
export type EventNotice = {
  seq: number;
  id: string;
  organizationId: string;
  teamId: string | null;
  type: string;
  /** False when the organization had no webhook endpoint: the event was written already relayed. */
  relay: boolean;
};

export type NewEvent = { organizationId: string; teamId?: string | null; type: EventType; data: unknown };

/**
 * Call inside the transaction that makes the change, so the event exists exactly when the change
 * does. One statement writes the row and queues its NOTIFY: this is on the write path of every
 * change that emits an event, and a round trip saved here is one per write (decision 020).
 */
export async function recordEvent(tx: Executor, event: NewEvent): Promise<string> {
  const [id] = await recordEvents(tx, [event]);
  return id!;
}

/** Many events in one statement (bulk changes, imports): rows and notices as recordEvent writes them. */
export async function recordEvents(tx: Executor, events: NewEvent[]): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = events.map((event) => ({
    id: `evt_${newId()}`,
    organization_id: event.organizationId,
    team_id: event.teamId ?? null,
    type: event.type,
    data: event.data ?? null,
  }));
  // NOTIFY is transactional: listeners hear of an event only if (and when) the change commits.
  // Each notice carries ids only (an EventNotice), far below NOTIFY's 8 kB limit.
  // Most organizations have no webhook endpoint: their events are written already relayed, so
  // no relay wake-up, job or batch runs for them (an endpoint gets what happens after it exists).
  await tx.execute(sql`
    with inserted as (
      insert into outbox_events (id, organization_id, team_id, type, data, relayed_at)
      select v.id, v.organization_id, v.team_id, v.type, v.data,
        case when exists (select 1 from webhook_endpoints e where e.organization_id = v.organization_id) then null else now() end
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id text, organization_id text, team_id text, type text, data jsonb)
      returning seq, id, organization_id, team_id, type, relayed_at
    )
    select pg_notify(
      ${EVENTS_CHANNEL},
      json_build_object('seq', seq, 'id', id, 'organizationId', organization_id, 'teamId', team_id, 'type', type, 'relay', relayed_at is null)::text
    )
    from inserted
    order by seq`);
  // Teams are listed with their accounts (cached per organization): an account change drops the pages.
  const accountsChanged = new Set(events.filter((event) => event.type.startsWith('social-account.')).map((event) => event.organizationId));
  for (const organizationId of accountsChanged) await publishCacheInvalidation(tx, 'teams', organizationId);
  return rows.map((row) => row.id);
}
