import { InsufficientStorageError } from '../http/errors';

/**
 * Signs that a write failed because the disk (or the user's quota on it) is full:
 * - `ENOSPC`, `EDQUOT`: Node's own file writes (uploads, scratch files, the secret key);
 * - SQLSTATE `53100` (disk_full): Postgres and the embedded PGlite, "could not extend file ...:
 *   No space left on device".
 */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);

/** Tools that report only in words (ffmpeg, libvips) say it with the C library's text. */
const DISK_FULL_TEXT = /No space left on device|Disk quota exceeded/i;

/** A write that failed for want of disk space, found where only the tool's words say so. */
export class DiskFullError extends Error {
  readonly code = 'ENOSPC';
}

/** Whether `error` (or an error it wraps: Drizzle puts the driver's in `cause`) means the disk is full. */
export function isDiskFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    if (typeof current !== 'object') return false;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return true;
  }
  return false;
}

/** The text a tool printed, when it says the disk is full: callers turn it into a `DiskFullError`. */
export function mentionsDiskFull(text: string): boolean {
  return DISK_FULL_TEXT.test(text);
}

/** The `507` a disk-full error becomes at the API (undefined for any other error). */
export function insufficientStorageFor(error: unknown): InsufficientStorageError | undefined {
  return isDiskFull(error) ? new InsufficientStorageError() : undefined;
}
