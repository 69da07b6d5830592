import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runServerToExit } from './test/processes';
import { mountSmallDisk, smallDiskUnavailable } from './test/small-disk';

describe.skipIf(smallDiskUnavailable)('start-up on a nearly full disk', () => {
  const disk = smallDiskUnavailable ? undefined : mountSmallDisk(8);
  afterAll(() => disk?.unmount());

  it('stops with one readable line on stderr and exit code 1, before writing the database', async () => {
    const dataDir = path.join(disk!.dir, 'data');
    const run = await runServerToExit({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' });

    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      new RegExp(
        `^Not enough free disk space in ${dataDir}: [78] MB free, SocialDesk needs at least 64 MB \\(free some space, or set DATA_DIR to a larger disk\\)\\n$`,
      ),
    );
    // Only the secret key of a first start: no half-made database to trip over once the disk is larger.
    expect(await readdir(dataDir)).toEqual(['secret.key']);
  });

  it('the threshold comes from MIN_FREE_DISK_MB', async () => {
    const run = await runServerToExit({ DATA_DIR: path.join(disk!.dir, 'other'), DATABASE_URL: '', MIN_FREE_DISK_MB: '100' });
    expect(run.stderr).toContain('needs at least 100 MB');
    expect(run.code).toBe(1);
  });

  it('a disk with no space at all on a first start: the secret key cannot be written, said in one line', async () => {
    await disk!.fill(0);
    try {
      const dataDir = path.join(disk!.dir, 'full');
      const run = await runServerToExit({ DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(`No free disk space in ${dataDir}: cannot write the new secret key there; free some space or set DATA_DIR to a larger disk\n`);
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await disk!.release();
    }
  });
});
