import path from 'node:path';
import type { Config } from './config';
import { describeMegabytes, freeBytesAt, MEGABYTE } from './storage/free-space';

/**
 * The directories this process fills on this machine's disk, with the setting that places each:
 * the embedded database (and local uploads by default) in DATA_DIR, local uploads in STORAGE_DIR.
 */
function directoriesToCheck(config: Config): { dir: string; setting: string }[] {
  const uploadsOnDisk = config.STORAGE === 'local';
  const dirs: { dir: string; setting: string }[] = [];
  const embeddedDatabase = !config.DATABASE_URL && config.dataDir !== 'memory://';
  const uploadsInDataDir = uploadsOnDisk && !config.STORAGE_DIR && config.dataDir !== 'memory://';
  if (embeddedDatabase || uploadsInDataDir) dirs.push({ dir: config.dataDir, setting: 'DATA_DIR' });
  if (uploadsOnDisk && config.STORAGE_DIR) dirs.push({ dir: path.resolve(config.STORAGE_DIR), setting: 'STORAGE_DIR' });
  return dirs;
}

/**
 * One line saying what is wrong when a directory SocialDesk writes to has less than
 * MIN_FREE_DISK_MB free, else null. Started on a nearly full disk, the embedded database fails
 * part-way (a 16 MB WAL segment that does not fit) with a WebAssembly stack trace nobody can read.
 */
export async function diskSpaceProblem(config: Config): Promise<string | null> {
  const needed = config.MIN_FREE_DISK_MB * MEGABYTE;
  if (needed === 0) return null;
  for (const { dir, setting } of directoriesToCheck(config)) {
    const free = await freeBytesAt(dir);
    if (free < needed) {
      return (
        `Not enough free disk space in ${dir}: ${describeMegabytes(free)} free, SocialDesk needs at least ${config.MIN_FREE_DISK_MB} MB ` +
        `(free some space, or set ${setting} to a larger disk)`
      );
    }
  }
  return null;
}

/** For `main.ts`: stops the start with that line on stderr and exit code 1. */
export async function exitIfDiskNearlyFull(config: Config): Promise<void> {
  const problem = await diskSpaceProblem(config);
  if (!problem) return;
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
