import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { EVENT_TYPE_NAMES, type EventType } from '@server/events/event-types';
import { API_BASE } from './api-client';

/** What the stream sends for each event: the webhook envelope. */
export type LiveEvent = { id: string; type: EventType; createdAt: string; data: unknown };

/** An exact type (`team.created`) or every type under a prefix (`team.*`, `conversation.*`). */
export type LiveEventPattern = EventType | `${string}.*`;

/**
 * The query keys an event makes stale. Called with `null` after a (re)connection, when events
 * may have been missed: return every key this entry keeps fresh.
 */
export type LiveKeysFor = (event: LiveEvent | null) => readonly QueryKey[];

const registry = new Set<{ pattern: LiveEventPattern; keysFor: LiveKeysFor }>();

/**
 * How a feature keeps its queries fresh from live events, without the stream knowing the feature:
 * `registerLiveInvalidation('post.*', (event) => [postsQueryKey])`. Returns the unregister function.
 */
export function registerLiveInvalidation(pattern: LiveEventPattern, keysFor: LiveKeysFor): () => void {
  const entry = { pattern, keysFor };
  registry.add(entry);
  return () => registry.delete(entry);
}

/** Writes an event's data into cached queries at once: for events that carry the whole changed resource. */
export type LiveCacheUpdate = (queryClient: QueryClient, event: LiveEvent) => void;

const cacheUpdates = new Set<{ pattern: LiveEventPattern; update: LiveCacheUpdate }>();

/**
 * For changes a refetch would handle badly (a long, filtered list where the changed row may no
 * longer match, or hundreds of loaded rows): the feature puts the event's copy of the resource
 * where it is cached instead. After a (re)connection the invalidations alone catch up.
 */
export function registerLiveCacheUpdate(pattern: LiveEventPattern, update: LiveCacheUpdate): () => void {
  const entry = { pattern, update };
  cacheUpdates.add(entry);
  return () => cacheUpdates.delete(entry);
}

function matches(pattern: LiveEventPattern, type: string): boolean {
  return pattern.endsWith('.*') ? type.startsWith(pattern.slice(0, -1)) : pattern === type;
}

function keysFor(event: LiveEvent | null): QueryKey[] {
  const keys = new Map<string, QueryKey>();
  for (const entry of registry) {
    if (event && !matches(entry.pattern, event.type)) continue;
    for (const key of entry.keysFor(event)) keys.set(JSON.stringify(key), key);
  }
  return [...keys.values()];
}

export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

/** The stream's first message; a malformed one counts as not caught up, so the page refetches. */
function readyMessage(data: string): { caughtUp: boolean } {
  try {
    const parsed = JSON.parse(data) as { caughtUp?: unknown };
    return { caughtUp: parsed.caughtUp === true };
  } catch {
    return { caughtUp: false };
  }
}

type ConnectOptions = {
  /**
   * The session's `eventCursor`, read before the page read its data: the server replays what
   * happened since, so the first connection does not refetch everything the page just loaded.
   */
  after?: string | null;
  onStatus?: (status: LiveStatus) => void;
  /** The server closed the stream for good (the browser will not retry): maybe the session ended. */
  onConnectionLost?: () => void;
};

// A burst of events (an import, a bulk change) becomes one refetch per key, not one per event.
const COALESCE_MS = 200;
const MAX_BACKOFF_MS = 30_000;

/**
 * Opens the organization's event stream and invalidates registered queries as events arrive.
 * The whole organization, not the selected team: `team.*` events belong to the team they are
 * about, and the team switcher must hear of every team. Features that keep per-team keys read
 * the team from the event's data. Returns the function that closes it.
 */
export function connectLiveEvents(queryClient: QueryClient, options: ConnectOptions = {}): () => void {
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let closed = false;
  // The newest event this page has been told of (or its data reflects): where a new connection resumes.
  let lastSeenEventId = options.after ?? null;
  const pending = new Map<string, QueryKey>();

  const flush = () => {
    flushTimer = undefined;
    const keys = [...pending.values()];
    pending.clear();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };

  const onEvent = (message: MessageEvent<string>) => {
    if (message.lastEventId) lastSeenEventId = message.lastEventId;
    let event: LiveEvent;
    try {
      event = JSON.parse(message.data) as LiveEvent;
    } catch {
      return; // A malformed message must not take the stream down; the next one will do.
    }
    for (const entry of cacheUpdates) if (matches(entry.pattern, event.type)) entry.update(queryClient, event);
    for (const key of keysFor(event)) pending.set(JSON.stringify(key), key);
    flushTimer ??= setTimeout(flush, COALESCE_MS);
  };

  const open = () => {
    if (closed) return;
    // The browser's own reconnections send Last-Event-ID, which the server prefers to `after`.
    const resumeFrom = lastSeenEventId ? `?after=${encodeURIComponent(lastSeenEventId)}` : '';
    const current = new EventSource(`${API_BASE}/events/stream${resumeFrom}`, { withCredentials: true });
    source = current;
    current.addEventListener('ready', (message: MessageEvent<string>) => {
      failures = 0;
      options.onStatus?.('live');
      // The server replays what this page missed and says whether that was all of it. When it was
      // not (no cursor, one too old, too many missed), anything that changed before this connection
      // was never announced: refetch. In-flight fetches are kept: they are at most a moment old.
      if (readyMessage(message.data).caughtUp) return;
      for (const queryKey of keysFor(null)) void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
    });
    for (const type of EVENT_TYPE_NAMES) current.addEventListener(type, onEvent);
    current.onerror = () => {
      if (closed) return;
      options.onStatus?.('reconnecting');
      // CONNECTING: the browser retries by itself (sending Last-Event-ID). CLOSED: the server
      // answered with an error (401, 5xx) and the browser gave up, so retry with a backoff.
      if (current.readyState !== EventSource.CLOSED) return;
      current.close();
      options.onConnectionLost?.();
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures) * (0.5 + Math.random() / 2);
      failures += 1;
      retryTimer = setTimeout(open, delay);
    };
  };

  options.onStatus?.('connecting');
  open();
  return () => {
    closed = true;
    clearTimeout(retryTimer);
    clearTimeout(flushTimer);
    source?.close();
  };
}

/** One stream for as long as the calling component (the signed-in layout) is mounted. */
export function useLiveEvents({
  enabled = true,
  after,
  onConnectionLost,
}: { enabled?: boolean; after?: string | null; onConnectionLost?: () => void } = {}): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  // The cursor of the session this layout's data was loaded under; a later session read is newer
  // than that data, so it must not move the starting point.
  const startAfter = useRef(after);
  // The latest callback without reopening the stream whenever the caller re-renders.
  const connectionLost = useRef(onConnectionLost);
  useEffect(() => {
    connectionLost.current = onConnectionLost;
  });
  useEffect(() => {
    if (!enabled) return;
    return connectLiveEvents(queryClient, { after: startAfter.current, onStatus: setStatus, onConnectionLost: () => connectionLost.current?.() });
  }, [queryClient, enabled]);
  return status;
}
