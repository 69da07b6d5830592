import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { Executor } from '../db/client';
import { outboxEvents } from '../db/schema/events';
import { createRouter } from '../http/create-router';
import { getTeam } from '../teams/teams.service';
import { liveHubFor, toLiveEvent, type LiveEvent } from './live-hub';
import { streamEventsRoute } from './live.routes';

const HEARTBEAT_MS = 15_000;
const REPLAY_LIMIT = 500;

export const liveRouter = createRouter().openapi(streamEventsRoute, async (c) => {
  const { teamId } = c.req.valid('query');
  const lastEventId = c.req.valid('header')['last-event-id'];
  const { services, auth } = c.var;
  const { organizationId } = auth;
  if (teamId) await getTeam(services.db, { organizationId, id: teamId });
  const hub = liveHubFor(services);
  await hub.ready();

  return streamSSE(c, async (stream) => {
    const queue: LiveEvent[] = [];
    let wake: (() => void) | null = null;
    // Subscribe before replaying, so nothing committed in between falls through the gap.
    const unsubscribe = hub.subscribe({
      organizationId,
      teamId,
      push(event) {
        queue.push(event);
        wake?.();
      },
    });
    stream.onAbort(() => wake?.());
    try {
      await stream.writeSSE({ event: 'ready', data: JSON.stringify({ organizationId, teamId: teamId ?? null }), retry: 3000 });
      // Replayed ids, so an event both replayed and announced live goes out once. (Sequence numbers
      // cannot serve: concurrent transactions commit, and notify, out of sequence order.)
      const replayed = new Set<string>();
      if (lastEventId) {
        for (const event of await missedEvents(services.db, { organizationId, teamId, lastEventId })) {
          replayed.add(event.id);
          await send(stream, event);
        }
      }
      while (!stream.aborted && !stream.closed) {
        while (queue.length > 0) {
          const event = queue.shift()!;
          if (!replayed.has(event.id)) await send(stream, event);
        }
        const woken = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), HEARTBEAT_MS);
          wake = () => {
            clearTimeout(timer);
            resolve(true);
          };
        });
        wake = null;
        if (!woken && !stream.aborted) await stream.write(': keep-alive\n\n');
      }
    } finally {
      unsubscribe();
    }
  });
});

function send(stream: SSEStreamingApi, event: LiveEvent) {
  return stream.writeSSE({ event: event.type, id: event.id, data: JSON.stringify(event.envelope) });
}

async function missedEvents(db: Executor, params: { organizationId: string; teamId?: string; lastEventId: string }) {
  const [last] = await db
    .select({ seq: outboxEvents.seq })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.organizationId, params.organizationId), eq(outboxEvents.id, params.lastEventId)));
  if (!last) return [];
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
    .limit(REPLAY_LIMIT);
  return rows.map(toLiveEvent);
}
