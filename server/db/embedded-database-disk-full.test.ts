import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { mountSmallDisk, smallDiskUnavailable } from '../test/small-disk';
import { guardAgainstPanic } from './pglite-panic-guard';

/**
 * The embedded database in a DATA_DIR on a disk of its own (a 160 MB tmpfs) that then fills up.
 * A write that needs a new page of a table fails with SQLSTATE 53100 ("could not extend file"),
 * the transaction rolls back, and the same PGlite instance goes on working once space is back.
 */
const skip = smallDiskUnavailable ?? (process.env.DATABASE_URL ? 'about the embedded database (DATABASE_URL is set)' : null);
const disk = skip ? undefined : mountSmallDisk(160);
afterAll(() => disk?.unmount());
const test = await createTestApp({ env: disk ? { DATA_DIR: path.join(disk.dir, 'data'), MIN_FREE_DISK_MB: '0' } : {} });

describe.skipIf(skip)('the embedded database on a full disk', () => {
  it('a write that does not fit answers 507 and keeps nothing of it; reads go on; writes work again once space is freed', async () => {
    const pglite = test.services.database.driver.pglite!;
    // Should a write still reach a WAL segment switch (a PANIC), the test fails instead of freezing the process.
    guardAgainstPanic(pglite, () => {});
    // A fresh WAL segment, made while there is room: the writes below stay inside it, so what
    // fills is the tables' own files.
    await pglite.query('select pg_switch_wal()');
    const { key, teamId } = await test.createOrg();
    const createDraft = (index: number) =>
      test.request('POST', '/post', {
        key,
        body: {
          teamId,
          title: `Draft ${index}`,
          postDate: new Date(Date.now() + 86_400_000).toISOString(),
          status: 'DRAFT',
          socialAccountTypes: ['MASTODON'],
          data: { MASTODON: { text: `Draft number ${index}: ${'words that take room '.repeat(20)}` } },
        },
      });
    await disk!.fill(0);

    let created = 0;
    let refused: Awaited<ReturnType<typeof createDraft>> | undefined;
    while (created < 500) {
      const response = await createDraft(created);
      if (response.status !== 200) {
        refused = response;
        break;
      }
      created += 1;
    }
    expect(refused?.status).toBe(507);
    expect(refused?.json).toEqual({ statusCode: 507, message: expect.stringMatching(/out of disk space/) });
    expect(refused?.headers.get('retry-after')).toBe('60');

    const list = await test.request('GET', `/post?teamId=${teamId}&limit=500`, { key });
    expect(list.status).toBe(200);
    expect(list.json.total).toBe(created);

    await disk!.release();
    expect((await createDraft(created)).status).toBe(200);
    expect((await test.request('GET', `/post?teamId=${teamId}&limit=500`, { key })).json.total).toBe(created + 1);
  });
});
