import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A real, small filesystem for disk-full tests: a tmpfs mounted on a fresh directory, so writes
 * fail with the kernel's own `ENOSPC` (no injected fake). Mounting needs root (or CAP_SYS_ADMIN);
 * `smallDiskUnavailable` says why not where it cannot be done, for `describe.skipIf`.
 */
export type SmallDisk = {
  dir: string;
  /** Bytes a process may still write (what `df` shows as available). */
  freeBytes(): number;
  /** Takes space with a filler file until only `leaveBytes` are free (0: completely full). */
  fill(leaveBytes?: number): Promise<void>;
  /** Gives the filler's space back, as an operator freeing the disk would. */
  release(): Promise<void>;
  unmount(): void;
};

export function mountSmallDisk(sizeMegabytes: number): SmallDisk {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'socialdesk-small-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMegabytes}m,mode=0700`, 'tmpfs', dir]);
  const filler = path.join(dir, FILLER);
  return {
    dir,
    freeBytes: () => freeBytes(dir),
    fill: (leaveBytes = 0) => fillDisk(dir, leaveBytes),
    release: () => rm(filler, { force: true }),
    unmount() {
      // Lazily: a file the app under test still holds open must not make the clean-up fail.
      execFileSync('umount', ['--lazy', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const FILLER = 'filler';

function freeBytes(dir: string): number {
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
}

/** Writes `dir/filler` until only `leaveBytes` are free on its filesystem (for child processes too). */
export async function fillDisk(dir: string, leaveBytes = 0): Promise<void> {
  const file = await open(path.join(dir, FILLER), 'a');
  try {
    const chunk = Buffer.alloc(64 * 1024, 0x5a);
    const target = Math.floor(leaveBytes);
    for (let missing = freeBytes(dir) - target; missing > 0; missing = freeBytes(dir) - target) {
      await file.write(chunk, 0, Math.min(chunk.length, missing));
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    await file.close();
  }
}

function probeMount(): string | null {
  try {
    mountSmallDisk(1).unmount();
    return null;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return `cannot mount a tmpfs here (needs root or CAP_SYS_ADMIN): ${reason}`;
  }
}

export const smallDiskUnavailable: string | null = probeMount();
