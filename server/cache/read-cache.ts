type Entry<V> = { value: V; expiresAt: number };

/**
 * A small in-process cache for hot reads, grouped so that one write can drop every entry of a
 * group (an organization's team lists, say). Entries also expire, which bounds staleness if an
 * invalidation message is ever missed. Oldest groups are evicted past `maxGroups`.
 */
export class ReadCache<V> {
  private readonly groups = new Map<string, Map<string, Entry<V>>>();

  constructor(private readonly options: { ttlMs: number; maxGroups: number }) {}

  get(group: string, key: string): V | undefined {
    const entries = this.groups.get(group);
    const entry = entries?.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      entries!.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(group: string, key: string, value: V): void {
    let entries = this.groups.get(group);
    if (!entries) {
      if (this.groups.size >= this.options.maxGroups) this.groups.delete(this.groups.keys().next().value!);
      entries = new Map();
      this.groups.set(group, entries);
    }
    entries.set(key, { value, expiresAt: Date.now() + this.options.ttlMs });
  }

  async getOrLoad(group: string, key: string, load: () => Promise<V>): Promise<V> {
    const cached = this.get(group, key);
    if (cached !== undefined) return cached;
    const value = await load();
    this.set(group, key, value);
    return value;
  }

  invalidate(group: string): void {
    this.groups.delete(group);
  }

  clear(): void {
    this.groups.clear();
  }
}
