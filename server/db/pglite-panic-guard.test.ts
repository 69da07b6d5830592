import { execFile } from 'node:child_process';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../test/processes';
import { mountSmallDisk, smallDiskUnavailable } from '../test/small-disk';

/**
 * What PGlite does when its write-ahead log cannot grow (a full disk), and what the guard makes
 * of it. Without the guard the statement after the PANIC spins in the WebAssembly for ever: the
 * child process would be killed at the timeout and the test fail on its missing output.
 */
describe.skipIf(smallDiskUnavailable)('an embedded database whose WAL cannot grow', () => {
  const disk = smallDiskUnavailable ? undefined : mountSmallDisk(64);
  afterAll(() => disk?.unmount());

  it('PANICs once; the guard refuses every later call at once; reopened after space is freed, only the committed write is there', async () => {
    const output = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--import', 'tsx', 'server/db/pglite-panic.fixture.ts', disk!.dir],
        { cwd: ROOT, timeout: 120_000 },
        (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stdout}\n${stderr}`)) : resolve(stdout)),
      ),
    );
    const seen = JSON.parse(output.trim().split('\n').pop()!);

    // Postgres' own answer to a WAL write that fails, delivered as the failing query's error.
    expect(seen.write).toMatchObject({
      code: '53100',
      severity: 'PANIC',
      message: expect.stringMatching(/could not write to file "pg_wal\/xlogtemp\.\d+": No space left on device/),
    });
    expect(seen.onPanic).toBe(seen.write.message);
    // Refused by the guard instead of entering the dead instance: an outage (57P02), at once.
    expect(seen.next).toMatchObject({ name: 'EmbeddedDatabaseStoppedError', code: '57P02', message: expect.stringContaining('has to be opened again') });
    expect(seen.next.ms).toBeLessThan(1000);
    expect(seen.stopped).toBe(seen.write.message);
    expect(seen.close).toBe('closed');

    await disk!.release();
    const reopened = new PGlite(path.join(disk!.dir, 'pglite'));
    try {
      expect((await reopened.query('select n from marks')).rows).toEqual([{ n: 1 }]);
      await reopened.query('update marks set n = 3');
      expect((await reopened.query('select n from marks')).rows).toEqual([{ n: 3 }]);
    } finally {
      await reopened.close();
    }
  });
});
