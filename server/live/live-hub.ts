import { eq } from 'drizzle-orm';
import { outboxEvents } from '../db/schema/events';
import { EVENTS_CHANNEL, type EventNotice } from '../events/outbox';
import type { AppServices } from '../services';
import { listenChannel } from '../db/notifications';
import { findApiKeyByHash } from '../api-keys/api-keys.service';
import { findSessionById, sessionPolicy } from '../auth/sessions.service';
import { RateLimitedError } from '../http/errors';

export type LiveEvent = {
  seq: number;
  id: string;
  type: string;
  teamId: string | null;
  envelope: { id: string; type: string; createdAt: string; data: unknown };
};

/** What a stream was opened with; the stream lives only as long as this stays valid. */
export type StreamCredential = { kind: 'api-key'; keyHash: string } | { kind: 'session'; sessionId: string; expiresAt: Date };

type Subscriber = {
  organizationId: string;
  teamId?: string;
  credential: StreamCredential;
  push(event: LiveEvent): void;
  /**
   * Closes the stream: its credential was revoked or its session ended, or (`reconnect`) events
   * may have been missed and the client should reconnect with Last-Event-ID to get them replayed.
   */
  end(reason: string, options?: { reconnect: boolean }): void;
};

const credentialKey = (credential: StreamCredential) => (credential.kind === 'api-key' ? `api-key:${credential.keyHash}` : `session:${credential.sessionId}`);

// A stream holds a connection and a subscriber until it closes: capped per credential and per organization.
const STREAM_RETRY_AFTER_SECONDS = 30;

/**
 * One LISTEN per process, fanned out to this process's dashboard streams and to anything else
 * that reacts to committed events (the webhook relay's waker). NOTIFY carries ids only; the hub
 * reads each event once, and only when some stream of its organization is open.
 */
export class LiveHub {
  private readonly subscribers = new Set<Subscriber>();
  private readonly noticeHandlers = new Set<(notice: EventNotice) => void>();
  private readonly listenHandlers = new Set<() => void>();
  private starting: Promise<void> | null = null;
  private watchingCredentials = false;

  constructor(private readonly services: Pick<AppServices, 'config' | 'database' | 'db' | 'logger' | 'cache'>) {}

  /** Resolves once LISTEN is in place; a failure is logged and retried by the next caller. */
  ready(): Promise<void> {
    let connections = 0;
    this.starting ??= listenChannel(
      this.services.database,
      EVENTS_CHANNEL,
      (payload) => this.receive(payload),
      () => {
        connections += 1;
        // LISTEN came back after losing its connection (a database restart): what committed in
        // between was never announced. Open streams close with a `reconnect` message; clients
        // reconnect with Last-Event-ID and get those events replayed from the outbox.
        if (connections > 1) this.askStreamsToReconnect('The service reconnected to its database');
        this.listenHandlers.forEach((handler) => handler());
      },
    ).then(
      () => undefined,
      (error) => {
        this.starting = null;
        this.services.logger.error('live events: LISTEN failed', { error: String(error) });
      },
    );
    return this.starting;
  }

  askStreamsToReconnect(reason: string) {
    for (const subscriber of this.subscribers) subscriber.end(reason, { reconnect: true });
  }

  onNotice(handler: (notice: EventNotice) => void) {
    this.noticeHandlers.add(handler);
  }

  /** Called when LISTEN starts and after each reconnect: the moments notifications may have been missed. */
  onListen(handler: () => void) {
    this.listenHandlers.add(handler);
  }

  /**
   * Adds a stream, or refuses it with `429` past `LIVE_STREAMS_PER_CREDENTIAL` for its key or
   * session or `LIVE_STREAMS_PER_ORGANIZATION` for its organization (counted in this process).
   */
  subscribe(subscriber: Subscriber): () => void {
    const { config } = this.services;
    const key = credentialKey(subscriber.credential);
    let sameCredential = 0;
    let sameOrganization = 0;
    for (const other of this.subscribers) {
      if (other.organizationId === subscriber.organizationId) sameOrganization += 1;
      if (credentialKey(other.credential) === key) sameCredential += 1;
    }
    if (sameCredential >= config.LIVE_STREAMS_PER_CREDENTIAL) {
      throw new RateLimitedError(`At most ${config.LIVE_STREAMS_PER_CREDENTIAL} event streams may be open per API key or session`, STREAM_RETRY_AFTER_SECONDS);
    }
    if (sameOrganization >= config.LIVE_STREAMS_PER_ORGANIZATION) {
      throw new RateLimitedError(`At most ${config.LIVE_STREAMS_PER_ORGANIZATION} event streams may be open per organization`, STREAM_RETRY_AFTER_SECONDS);
    }
    this.watchCredentials();
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Whether a stream's key is still unrevoked, or its session still live (the session's deadline is refreshed). */
  async stillValid(credential: StreamCredential): Promise<boolean> {
    const { db, config } = this.services;
    if (credential.kind === 'api-key') {
      const key = await findApiKeyByHash(db, credential.keyHash);
      return !!key && !key.revokedAt;
    }
    const found = await findSessionById(db, credential.sessionId, sessionPolicy(config));
    if (found) credential.expiresAt = found.session.expiresAt;
    return !!found;
  }

  /**
   * Revoking a key and ending a session already NOTIFY every instance (to drop cached keys); the
   * streams opened with them re-check and close. Periodic checks in each stream cover a missed message.
   */
  private watchCredentials() {
    if (this.watchingCredentials) return;
    this.watchingCredentials = true;
    this.services.cache.onDrop((scope, group) => {
      if (scope !== 'api-key' && scope !== 'session') return;
      for (const subscriber of this.subscribers) {
        if (credentialKey(subscriber.credential) !== `${scope}:${group}`) continue;
        this.stillValid(subscriber.credential).then(
          (valid) => valid || subscriber.end(scope === 'api-key' ? 'The API key was revoked' : 'The session ended'),
          (error) => this.services.logger.warn('live events: could not re-check a credential', { error: String(error) }),
        );
      }
    });
  }

  private receive(payload: string) {
    let notice: EventNotice;
    try {
      notice = JSON.parse(payload) as EventNotice;
    } catch {
      return;
    }
    for (const handler of this.noticeHandlers) handler(notice);
    const interested = [...this.subscribers].filter(
      (s) => s.organizationId === notice.organizationId && (!s.teamId || !notice.teamId || s.teamId === notice.teamId),
    );
    if (interested.length === 0) return;
    this.load(notice).then(
      (event) => event && interested.forEach((s) => s.push(event)),
      (error) => {
        // The database went away between the commit and this read. Skipping the event would lose
        // it for good (the next event moves the stream's Last-Event-ID past it): the streams close
        // with `reconnect` instead, and get it replayed from the outbox when they come back.
        this.services.logger.warn('live events: could not read an event; its streams reconnect to have it replayed', {
          id: notice.id,
          error: String(error),
        });
        for (const subscriber of interested) subscriber.end('An event could not be read', { reconnect: true });
      },
    );
  }

  private async load(notice: EventNotice): Promise<LiveEvent | null> {
    const [row] = await this.services.db.select().from(outboxEvents).where(eq(outboxEvents.id, notice.id));
    return row ? toLiveEvent(row) : null;
  }
}

export function toLiveEvent(row: typeof outboxEvents.$inferSelect): LiveEvent {
  return {
    seq: row.seq,
    id: row.id,
    type: row.type,
    teamId: row.teamId,
    envelope: { id: row.id, type: row.type, createdAt: row.createdAt.toISOString(), data: row.data },
  };
}
