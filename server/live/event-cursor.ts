import { and, asc, desc, eq, gt, isNull, max, or } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { outboxEvents } from '../db/schema/events';
import { toLiveEvent } from './live-hub';

// The outbox has no index by organization: the newest event of one is looked for among the service's
// latest events only. An organization quiet for that long gets no cursor; its dashboard then
// refetches everything when its stream opens, as it would without one.
const CURSOR_LOOKBACK = 10_000;
/** How many missed events a stream replays; past that the client is told to refetch instead. */
export const REPLAY_LIMIT = 500;

/**
 * The id of the organization's newest event: what a dashboard has seen once it reads its data after
 * this. Its live stream, opened with `after=<id>`, replays whatever committed in between, so the
 * page need not refetch everything when the stream connects.
 */
export async function latestEventId(db: Executor, organizationId: string): Promise<string | null> {
  const [newest] = await db.select({ seq: max(outboxEvents.seq) }).from(outboxEvents);
  if (!newest?.seq) return null;
  const [row] = await db
    .select({ id: outboxEvents.id })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.organizationId, organizationId), gt(outboxEvents.seq, newest.seq - CURSOR_LOOKBACK)))
    .orderBy(desc(outboxEvents.seq))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The events after `afterEventId`, oldest first, and whether that is all of them: not when the id is
 * unknown (pruned by retention, or another organization's) or more than REPLAY_LIMIT were missed.
 */
export async function missedEvents(db: Executor, params: { organizationId: string; teamId?: string; afterEventId: string }) {
  const [last] = await db
    .select({ seq: outboxEvents.seq })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.organizationId, params.organizationId), eq(outboxEvents.id, params.afterEventId)));
  if (!last) return { events: [], complete: false };
  const rows = await db
    .select()
    .from(outboxEvents)
    .where(
      and(
        eq(outboxEvents.organizationId, params.organizationId),
        gt(outboxEvents.seq, last.seq),
        params.teamId ? or(eq(outboxEvents.teamId, params.teamId), isNull(outboxEvents.teamId)) : undefined,
      ),
    )
    .orderBy(asc(outboxEvents.seq))
    .limit(REPLAY_LIMIT + 1);
  return { events: rows.slice(0, REPLAY_LIMIT).map(toLiveEvent), complete: rows.length <= REPLAY_LIMIT };
}
