import { statfs } from 'node:fs/promises';
import path from 'node:path';

export const MEGABYTE = 1024 * 1024;

/**
 * Bytes this process may still write on the filesystem holding `dir` (what `df` shows as
 * available: blocks kept for root are not counted). A directory not made yet is measured at its
 * nearest existing parent, where it will be made.
 */
export async function freeBytesAt(dir: string): Promise<number> {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    try {
      const stats = await statfs(current);
      return stats.bavail * stats.bsize;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || current === path.dirname(current)) throw error;
    }
  }
}

/** Whole megabytes, rounded down: "3 MB" for a disk about to fill is the honest way to say it. */
export function describeMegabytes(bytes: number): string {
  return `${Math.floor(Math.max(0, bytes) / MEGABYTE)} MB`;
}
