import { eq } from 'drizzle-orm';
import { outboxEvents } from '../db/schema/events';
import { EVENTS_CHANNEL, type EventNotice } from '../events/outbox';
import type { AppServices } from '../services';
import { listenChannel } from '../db/notifications';

export type LiveEvent = {
  seq: number;
  id: string;
  type: string;
  teamId: string | null;
  envelope: { id: string; type: string; createdAt: string; data: unknown };
};

type Subscriber = { organizationId: string; teamId?: string; push(event: LiveEvent): void };

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

  constructor(private readonly services: AppServices) {}

  /** Resolves once LISTEN is in place; a failure is logged and retried by the next caller. */
  ready(): Promise<void> {
    this.starting ??= listenChannel(
      this.services.database,
      EVENTS_CHANNEL,
      (payload) => this.receive(payload),
      () => this.listenHandlers.forEach((handler) => handler()),
    ).then(
      () => undefined,
      (error) => {
        this.starting = null;
        this.services.logger.error('live events: LISTEN failed', { error: String(error) });
      },
    );
    return this.starting;
  }

  onNotice(handler: (notice: EventNotice) => void) {
    this.noticeHandlers.add(handler);
  }

  /** Called when LISTEN starts and after each reconnect: the moments notifications may have been missed. */
  onListen(handler: () => void) {
    this.listenHandlers.add(handler);
  }

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
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
      (error) => this.services.logger.warn('live events: could not read an event', { id: notice.id, error: String(error) }),
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

const hubs = new WeakMap<AppServices, LiveHub>();

/** The process's hub for these services, listening from the first call on. */
export function liveHubFor(services: AppServices): LiveHub {
  let hub = hubs.get(services);
  if (!hub) {
    hub = new LiveHub(services);
    hubs.set(services, hub);
    void hub.ready();
  }
  return hub;
}
