import type { DatabaseHandle, Executor } from '../db/client';
import { listenChannel, notifyChannel } from '../db/notifications';
import type { Logger } from '../logger';
import { ReadCache } from './read-cache';
import type { ApiKeyRecord } from '../api-keys/api-keys.service';

const CHANNEL = 'sd_cache_invalidate';

export type CacheScope = 'api-key' | 'teams';

/**
 * Tells every instance to drop cached entries. Services call it inside the transaction that makes
 * the change (NOTIFY is delivered on commit, and not at all on rollback).
 */
export async function publishCacheInvalidation(executor: Executor, scope: CacheScope, group: string): Promise<void> {
  await notifyChannel(executor, CHANNEL, `${scope}:${group}`);
}

/**
 * Caches for the reads every request makes (the API key) and the hottest list (teams).
 * A write drops the entries in this process at once and tells every other instance through
 * NOTIFY; on a (re)connected listener everything is dropped, since messages may have been missed.
 */
export class AppCache {
  /** By SHA-256 of the key; `null` remembers "no such key" briefly to spare the database. */
  readonly apiKeys = new ReadCache<ApiKeyRecord | null>({ ttlMs: 30_000, maxGroups: 10_000 });
  /** By organization, then by the list query: the JSON body of the page. */
  readonly teamLists = new ReadCache<string>({ ttlMs: 60_000, maxGroups: 10_000 });
  private unlisten?: () => Promise<void>;

  constructor(private readonly logger: Logger) {}

  async start(handle: DatabaseHandle): Promise<void> {
    this.unlisten = await listenChannel(
      handle,
      CHANNEL,
      (payload) => this.apply(payload),
      () => this.clear(),
    );
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }

  /** Drops this process's entries at once, for read-your-writes; other processes hear the NOTIFY. */
  drop(scope: CacheScope, group: string): void {
    this.apply(`${scope}:${group}`);
  }

  private apply(payload: string) {
    const separator = payload.indexOf(':');
    const scope = payload.slice(0, separator);
    const group = payload.slice(separator + 1);
    if (scope === 'api-key') this.apiKeys.invalidate(group);
    else if (scope === 'teams') this.teamLists.invalidate(group);
    else this.logger.warn('unknown cache invalidation', { payload });
  }

  private clear() {
    this.apiKeys.clear();
    this.teamLists.clear();
  }
}
