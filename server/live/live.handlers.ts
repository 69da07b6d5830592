import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { createRouter } from '../http/create-router';
import { getTeam } from '../teams/teams.service';
import type { AuthContext } from '../context';
import { missedEvents } from './event-cursor';
import type { LiveEvent, StreamCredential } from './live-hub';
import { streamEventsRoute } from './live.routes';

const HEARTBEAT_MS = 15_000;

export const liveRouter = createRouter();
liveRouter.openapi(streamEventsRoute, async (c) => {
  const { teamId, after } = c.req.valid('query');
  // The browser's own reconnection sends Last-Event-ID, newer than the URL's `after`.
  const lastEventId = c.req.valid('header')['last-event-id'] ?? after;
  const { services, auth } = c.var;
  const { organizationId } = auth;
  if (teamId) await getTeam(services.db, { organizationId, id: teamId });
  const hub = services.live;
  await hub.ready();

  const credential = streamCredential(auth);
  const queue: LiveEvent[] = [];
  let wake: (() => void) | null = null;
  let ended: string | null = null;
  let reconnect = false;
  // Subscribe before replaying, so nothing committed in between falls through the gap; past the
  // stream caps this throws the 429 before any byte of the stream is sent.
  const unsubscribe = hub.subscribe({
    organizationId,
    teamId,
    credential,
    push(event) {
      queue.push(event);
      wake?.();
    },
    end(reason, options) {
      ended = reason;
      reconnect = options?.reconnect ?? false;
      wake?.();
    },
  });

  return streamSSE(
    c,
    async (stream) => {
      stream.onAbort(() => wake?.());
      try {
        const missed = lastEventId ? await missedEvents(services.db, { organizationId, teamId, afterEventId: lastEventId }) : null;
        // `caughtUp`: every event since the client's cursor follows, so what it holds stays current
        // without refetching; false tells it to refetch (no cursor, an unknown one, or too many missed).
        const caughtUp = missed?.complete ?? false;
        await stream.writeSSE({ event: 'ready', data: JSON.stringify({ organizationId, teamId: teamId ?? null, caughtUp }), retry: 3000 });
        // Replayed ids, so an event both replayed and announced live goes out once. (Sequence numbers
        // cannot serve: concurrent transactions commit, and notify, out of sequence order.)
        const replayed = new Set<string>();
        for (const event of missed?.events ?? []) {
          replayed.add(event.id);
          await send(stream, event);
        }
        let checkedAt = Date.now();
        while (!stream.aborted && !stream.closed) {
          while (queue.length > 0 && !ended) {
            const event = queue.shift()!;
            if (!replayed.has(event.id)) await send(stream, event);
          }
          if (ended) break;
          // Wake at the heartbeat or when the session's deadline comes, whichever is first.
          const untilDeadline = credential.kind === 'session' ? credential.expiresAt.getTime() - Date.now() : Infinity;
          const woken = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), Math.max(0, Math.min(HEARTBEAT_MS, untilDeadline)));
            wake = () => {
              clearTimeout(timer);
              resolve(true);
            };
          });
          wake = null;
          if (stream.aborted) continue;
          // At least every heartbeat, busy or quiet, the credential is re-checked (covers a missed
          // NOTIFY, and expiry): a stream of a busy organization is woken by events all the time.
          const due = !woken || Date.now() - checkedAt >= HEARTBEAT_MS || (credential.kind === 'session' && Date.now() >= credential.expiresAt.getTime());
          if (!due) continue;
          checkedAt = Date.now();
          const valid = await hub.stillValid(credential).catch((error: unknown) => {
            // The database is away: the client comes back later and replays what it missed.
            if (services.database.availability.report(error, 'live events')) return 'unknown' as const;
            throw error;
          });
          if (valid === 'unknown') {
            ended = 'The service lost its database connection';
            reconnect = true;
          } else if (!valid) ended = credential.kind === 'session' ? 'The session ended' : 'The API key was revoked';
          else if (!woken) await stream.write(': keep-alive\n\n');
        }
        // Tells the client why, so it does not take the close for a network blip: `end` is final,
        // `reconnect` asks it to come back with Last-Event-ID (EventSource does so by itself).
        if (ended && !stream.aborted) await stream.writeSSE({ event: reconnect ? 'reconnect' : 'end', data: JSON.stringify({ reason: ended }) });
      } finally {
        unsubscribe();
      }
    },
    async (error) => {
      // Through the app's logger, not console.error (hono's default).
      services.logger.warn('live events: stream ended on an error', { error: error instanceof Error ? error.message : String(error) });
    },
  );
});

function streamCredential(auth: AuthContext): StreamCredential {
  if (auth.via === 'session') return { kind: 'session', sessionId: auth.sessionId!, expiresAt: auth.sessionExpiresAt! };
  return { kind: 'api-key', keyHash: auth.apiKeyHash! };
}

function send(stream: SSEStreamingApi, event: LiveEvent) {
  return stream.writeSSE({ event: event.type, id: event.id, data: JSON.stringify(event.envelope) });
}
