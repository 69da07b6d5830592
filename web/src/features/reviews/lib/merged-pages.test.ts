import { describe, expect, it } from 'vitest';
import { fetchMergedPage, startCursor, type FetchSource, type MergedCursor } from './merged-pages';

type Item = { id: string; at: string };

/** A source over a fixed list, newest first, that records the pages asked of it. */
function source(prefix: string, dates: string[]) {
  const items = dates.map((at, index) => ({ id: `${prefix}${index}`, at }));
  const calls: [number, number][] = [];
  const fetch: FetchSource<Item> = async (offset, limit) => {
    calls.push([offset, limit]);
    return { items: items.slice(offset, offset + limit), total: items.length };
  };
  return { fetch, calls };
}

const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z`;

async function readAll(sources: Record<string, FetchSource<Item>>, pageSize: number) {
  let cursor: MergedCursor<Item> | null = startCursor(Object.keys(sources));
  const pages: Item[][] = [];
  let total = 0;
  while (cursor && pages.length < 50) {
    const page: Awaited<ReturnType<typeof fetchMergedPage<Item>>> = await fetchMergedPage(cursor, sources, pageSize, (item) => item.at);
    pages.push(page.items);
    total = page.total;
    cursor = page.next;
  }
  return { pages, total };
}

describe('merged pages', () => {
  it('reads two newest-first lists as one newest-first list, every item once', async () => {
    const google = source('g', [day(30), day(28), day(20), day(19), day(10), day(3)]);
    const facebook = source('f', [day(29), day(21), day(2), day(1)]);
    const { pages, total } = await readAll({ google: google.fetch, facebook: facebook.fetch }, 3);
    const all = pages.flat();
    expect(total).toBe(10);
    expect(all.map((item) => item.id)).toEqual(['g0', 'f0', 'g1', 'f1', 'g2', 'g3', 'g4', 'g5', 'f2', 'f3']);
    expect(pages.every((page) => page.length <= 3)).toBe(true);
  });

  it('asks a source for more only when its buffer ran short, moving its offset by what it got', async () => {
    const google = source('g', [day(30), day(29), day(28), day(27), day(26)]);
    const facebook = source('f', [day(1)]);
    await readAll({ google: google.fetch, facebook: facebook.fetch }, 2);
    expect(google.calls).toEqual([
      [0, 2],
      [2, 2],
      [4, 2],
    ]);
    expect(facebook.calls).toEqual([[0, 2]]);
  });

  it('ends at once when every source is empty', async () => {
    const { pages, total } = await readAll({ google: source('g', []).fetch, facebook: source('f', []).fetch }, 10);
    expect(pages).toEqual([[]]);
    expect(total).toBe(0);
  });
});
