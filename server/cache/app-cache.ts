import type { DatabaseHandle, Executor } from '../db/client';
import { listenChannel, notifyChannel } from '../db/notifications';
import type { Logger } from '../logger';
import { ReadCache } from './read-cache';
import type { ApiKeyRecord } from '../api-keys/api-keys.service';

const CHANNEL = 'sd_cache_invalidate';

/** Enough for the pages and searches a dashboard really cycles through. */
export const TEAM_LIST_PAGES_PER_ORGANIZATION = 32;

/**
 * `session` caches nothing: it is the channel on which an ended session (logout, sign out
 * everywhere) reaches the listeners below, such as open event streams.
 */
export type CacheScope = 'api-key' | 'teams' | 'session';
type DropListener = (scope: CacheScope, group: string) => void;

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
  readonly apiKeys = new ReadCache<ApiKeyRecord | null>({ ttlMs: 30_000, maxGroups: 10_000, maxEntriesPerGroup: 1 });
  /**
   * By organization, then by the list query: the JSON body of the page. The query is the caller's
   * choice, so each organization keeps only its most recently used pages.
   */
  readonly teamLists = new ReadCache<string>({ ttlMs: 60_000, maxGroups: 2_000, maxEntriesPerGroup: TEAM_LIST_PAGES_PER_ORGANIZATION });
  private unlisten?: () => Promise<void>;
  private readonly dropListeners = new Set<DropListener>();

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

  /**
   * Called for every invalidation, local or from another instance (a revoked key, an ended
   * session). A missed message is caught by the listeners' own periodic checks.
   */
  onDrop(listener: DropListener): () => void {
    this.dropListeners.add(listener);
    return () => this.dropListeners.delete(listener);
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
    else if (scope !== 'session') {
      this.logger.warn('unknown cache invalidation', { payload });
      return;
    }
    for (const listener of this.dropListeners) listener(scope, group);
  }

  private clear() {
    this.apiKeys.clear();
    this.teamLists.clear();
  }
}
