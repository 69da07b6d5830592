/**
 * Reads several lists that are each sorted newest first (Google Business reviews, Facebook
 * recommendations: two routes with offset paging) as one list sorted the same way, a page at a
 * time. Each page fetches more only from the sources whose buffered items ran short, and hands out
 * an item only once every source that still has items has shown what it has up to that date, so the
 * order holds across pages. The cursor carries the buffers; it is the infinite query's page param.
 */

export type SourcePage<Item> = { items: Item[]; total: number };
export type FetchSource<Item> = (offset: number, limit: number) => Promise<SourcePage<Item>>;

type SourceCursor<Item> = { offset: number; buffer: Item[]; done: boolean; total: number };
export type MergedCursor<Item> = Record<string, SourceCursor<Item>>;
export type MergedPage<Item> = { items: Item[]; total: number; next: MergedCursor<Item> | null };

export function startCursor<Item>(sources: readonly string[]): MergedCursor<Item> {
  return Object.fromEntries(sources.map((name) => [name, { offset: 0, buffer: [], done: false, total: 0 }]));
}

export async function fetchMergedPage<Item>(
  cursor: MergedCursor<Item>,
  sources: Record<string, FetchSource<Item>>,
  pageSize: number,
  dateOf: (item: Item) => string,
): Promise<MergedPage<Item>> {
  const state: MergedCursor<Item> = Object.fromEntries(Object.entries(cursor).map(([name, source]) => [name, { ...source, buffer: [...source.buffer] }]));
  await Promise.all(
    Object.entries(state).map(async ([name, source]) => {
      if (source.done || source.buffer.length >= pageSize) return;
      const page = await sources[name]!(source.offset, pageSize);
      source.buffer.push(...page.items);
      source.offset += page.items.length;
      source.total = page.total;
      source.done = page.items.length < pageSize || source.offset >= page.total;
    }),
  );

  const items: Item[] = [];
  while (items.length < pageSize) {
    let newest: SourceCursor<Item> | null = null;
    let blocked = false;
    for (const source of Object.values(state)) {
      const head = source.buffer[0];
      if (!head) {
        // A source with more to fetch but nothing buffered could hold something newer: stop here.
        if (!source.done) blocked = true;
        continue;
      }
      if (!newest || dateOf(head) > dateOf(newest.buffer[0]!)) newest = source;
    }
    if (blocked || !newest) break;
    items.push(newest.buffer.shift()!);
  }

  const more = Object.values(state).some((source) => source.buffer.length > 0 || !source.done);
  const total = Object.values(state).reduce((sum, source) => sum + source.total, 0);
  return { items, total, next: more ? state : null };
}
