import postgres from 'postgres';
import type { Logger } from '../logger';
import type { DatabaseAvailability } from './availability';

type Subscription = { onMessage: (payload: string) => void; onConnected: () => void };

const quoteChannel = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

/**
 * LISTEN on a connection of its own that comes back after the database does.
 *
 * postgres.js's own `sql.listen` re-subscribes when its connection closes, but a re-subscription
 * that fails (the database is still down) is dropped silently: wake-ups and cache invalidations
 * then stop for good, and only polling is left. Here the connection's close starts a loop that
 * re-issues every LISTEN with capped, jittered backoff until it succeeds, then tells each
 * subscriber (`onConnected`), since notifications sent in between are lost.
 */
export class PostgresListener {
  private readonly channels = new Map<string, Set<Subscription>>();
  private readonly sql: postgres.Sql;
  private reconnecting = false;
  private stopped = false;

  constructor(
    url: string,
    private readonly availability: DatabaseAvailability,
    private readonly logger: Logger,
  ) {
    this.sql = postgres(url, {
      max: 1,
      // One long-lived session: LISTEN belongs to the connection that issued it.
      idle_timeout: 0,
      max_lifetime: null,
      fetch_types: false,
      connect_timeout: 5,
      onnotice: () => {},
      onclose: () => this.lost(),
      // How postgres.js itself routes notifications (its `listen` sets the same option).
      onnotify: (channel: string, payload: string) => this.channels.get(channel)?.forEach((s) => s.onMessage(payload)),
    } as postgres.Options<Record<string, never>>);
  }

  async listen(channel: string, onMessage: (payload: string) => void, onConnected: () => void): Promise<() => Promise<void>> {
    const subscription = { onMessage, onConnected };
    const existing = this.channels.get(channel);
    if (existing) existing.add(subscription);
    else {
      this.channels.set(channel, new Set([subscription]));
      try {
        await this.sql.unsafe(`listen ${quoteChannel(channel)}`);
      } catch (error) {
        this.channels.delete(channel);
        throw error;
      }
    }
    if (!this.reconnecting) onConnected();
    return async () => {
      const subscriptions = this.channels.get(channel);
      if (!subscriptions?.delete(subscription) || subscriptions.size > 0) return;
      this.channels.delete(channel);
      await this.sql.unsafe(`unlisten ${quoteChannel(channel)}`).catch(() => {});
    };
  }

  async close(): Promise<void> {
    this.stopped = true;
    await this.sql.end({ timeout: 5 });
  }

  /** The session is gone (a restart, a network cut): so are its LISTENs. */
  private lost() {
    if (this.stopped || this.reconnecting || this.channels.size === 0) return;
    this.reconnecting = true;
    void this.resubscribe();
  }

  private async resubscribe() {
    for (let attempt = 0; !this.stopped; attempt += 1) {
      try {
        // One statement: it opens the new session, and it is all or nothing.
        await this.sql.unsafe([...this.channels.keys()].map((channel) => `listen ${quoteChannel(channel)}`).join('; ')).simple();
        this.reconnecting = false;
        this.availability.reportSuccess();
        for (const subscriptions of this.channels.values()) subscriptions.forEach((s) => s.onConnected());
        return;
      } catch (error) {
        if (this.stopped) return;
        if (!this.availability.report(error, 'listen')) this.logger.warn('LISTEN could not be re-established', { error: String(error) });
        const delay = Math.min(5_000, 250 * 2 ** attempt) * (0.5 + Math.random() / 2);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }
}
