import { LRUCache } from 'lru-cache';

type Value = NonNullable<unknown> | null;

export type ReadCacheOptions = {
  ttlMs: number;
  /** Groups (organizations) kept; the least recently used one goes first. */
  maxGroups: number;
  /**
   * Entries kept per group. Callers choose the keys (offset, limit, search text), so without this
   * bound one organization could fill the process's memory with pages nobody reads twice; past it
   * the group's least recently used entry goes, and other groups are untouched.
   */
  maxEntriesPerGroup: number;
};

/**
 * A small in-process cache for hot reads, grouped so that one write can drop every entry of a
 * group (an organization's team lists, say). Entries also expire, which bounds staleness if an
 * invalidation message is ever missed.
 */
export class ReadCache<V extends Value> {
  // lru-cache refuses `null` values; a box keeps "remembered absent" (null) cacheable.
  private readonly groups: LRUCache<string, LRUCache<string, { value: V }>>;

  constructor(private readonly options: ReadCacheOptions) {
    this.groups = new LRUCache({ max: options.maxGroups });
  }

  get(group: string, key: string): V | undefined {
    return this.groups.get(group)?.get(key)?.value;
  }

  set(group: string, key: string, value: V): void {
    let entries = this.groups.get(group);
    if (!entries) {
      entries = new LRUCache({ max: this.options.maxEntriesPerGroup, ttl: this.options.ttlMs });
      this.groups.set(group, entries);
    }
    entries.set(key, { value });
  }

  async getOrLoad(group: string, key: string, load: () => Promise<V>): Promise<V> {
    const cached = this.get(group, key);
    if (cached !== undefined) return cached;
    const value = await load();
    this.set(group, key, value);
    return value;
  }

  /** Entries held for a group (expired ones included until touched): what the bound limits. */
  size(group: string): number {
    return this.groups.get(group)?.size ?? 0;
  }

  invalidate(group: string): void {
    this.groups.delete(group);
  }

  clear(): void {
    this.groups.clear();
  }
}
