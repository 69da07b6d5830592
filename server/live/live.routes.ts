import { createRoute, z } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses } from '../http/openapi-helpers';

export const EventStreamQuery = z
  .object({
    teamId: z.string().min(1).max(64).optional().openapi({ description: "Only this team's events (plus organization-wide events that belong to no team)" }),
    after: z.string().min(1).max(100).optional().openapi({
      description:
        'Replay the events after this event id, as `Last-Event-ID` does (which wins when both are sent): for a first connection, with `eventCursor` from the session',
    }),
  })
  .strict();

export const streamEventsRoute = createRoute({
  method: 'get',
  path: '/events/stream',
  operationId: 'streamEvents',
  summary: 'Live events for the dashboard (Server-Sent Events)',
  description:
    'A `text/event-stream` of the organization’s events as they commit, for dashboard sessions (the session cookie ' +
    'works with `EventSource`; API keys are accepted too). Each message has `event: <type>`, `id: <event id>` and the ' +
    'webhook envelope `{ id, type, createdAt, data }` as `data`; a comment line every 15 s keeps proxies from closing ' +
    'the connection. The first message is `event: ready` with `{ organizationId, teamId, caughtUp }`. Connecting with ' +
    '`Last-Event-ID` (or `after`) replays up to 500 events missed since that id; `caughtUp` is true when they were all ' +
    'replayed, false when the client should refetch what it shows (no id, an unknown one, or more than 500 missed). Fed by Postgres LISTEN/NOTIFY, so it works behind several instances. ' +
    'The stream ends (`event: end` with `{ reason }`, then close) when its API key is revoked or its session ends. ' +
    'After the service lost its database connection it sends `event: reconnect` with `{ reason }` and closes: ' +
    'reconnect with `Last-Event-ID` (EventSource does so by itself) to get the events missed meanwhile. ' +
    'At most LIVE_STREAMS_PER_CREDENTIAL (10) streams per key or session and LIVE_STREAMS_PER_ORGANIZATION (100) per ' +
    'organization are open at once: `429` past that.',
  tags: ['Events'],
  security: apiKeySecurity,
  request: {
    query: EventStreamQuery,
    headers: z.object({ 'last-event-id': z.string().max(100).optional() }),
  },
  responses: {
    200: {
      description: 'The event stream',
      content: { 'text/event-stream': { schema: z.string().openapi({ example: 'event: team.created\nid: evt_…\ndata: {"id":"evt_…",…}\n\n' }) } },
    },
    ...errorResponses(404),
  },
});
