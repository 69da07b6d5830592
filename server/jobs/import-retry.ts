import type { PlatformError } from '../platforms/platform-error';

export type ImportRetry = { kind: 'RATE_LIMITED'; at: Date } | { kind: 'RETRY'; at: Date } | { kind: 'FAIL' };

/**
 * What an import run (comments, reviews) does after a platform error: wait until the platform's
 * rate-limit reset and fetch again then, retry a transient failure with exponential backoff from
 * `baseSeconds` (IMPORT_RETRY_BASE_SECONDS) while attempts remain, or fail. `attemptsBefore` counts
 * the attempts before the one that failed.
 */
export function importRetry(error: PlatformError, attemptsBefore: number, maxAttempts: number, baseSeconds: number): ImportRetry {
  if (error.code === 'RATE_LIMITED') return { kind: 'RATE_LIMITED', at: new Date(error.meta.resetAt ?? Date.now() + 60_000) };
  if (error.isTransient && attemptsBefore + 1 < maxAttempts) return { kind: 'RETRY', at: new Date(Date.now() + baseSeconds * 1000 * 2 ** attemptsBefore) };
  return { kind: 'FAIL' };
}
