import { InsufficientStorageError } from '../http/errors';
import type { AppServices } from '../services';
import { MEGABYTE } from '../storage/free-space';
import { describeBytes } from './upload-limits';

/**
 * Refuses (507) an upload that would leave less than MIN_FREE_DISK_MB free where uploads are kept,
 * before any byte is written. Uploads are what fills a disk; the margin they leave is what lets
 * the embedded database go on writing its log (a write-ahead log that cannot grow stops PGlite
 * for good, see pglite-panic-guard.ts). `incomingBytes` is the declared or announced size, 0 when
 * unknown; a bucket (S3) has no such limit and is not checked.
 */
export async function assertDiskRoomFor(services: AppServices, incomingBytes: number): Promise<void> {
  const reserve = services.config.MIN_FREE_DISK_MB * MEGABYTE;
  if (reserve === 0 || !services.storage.freeBytes) return;
  const free = await services.storage.freeBytes();
  if (free - incomingBytes >= reserve) return;
  services.logger.warn('upload refused: the disk is nearly full', { freeBytes: free, incomingBytes, minFreeBytes: reserve });
  throw new InsufficientStorageError(
    incomingBytes > 0
      ? `The server does not have enough free disk space for this file (${describeBytes(incomingBytes)}); try again later`
      : 'The server does not have enough free disk space for another upload; try again later',
  );
}
