import type { AppServices } from '../services';
import { BadRequestError } from '../http/errors';
import { DownloadError, downloadToFile } from './remote-download';
import { assertDiskRoomFor } from './upload-disk-room';
import { ingestLocalFile } from './upload-ingest.service';
import { maxAnyBytes } from './upload-limits';
import { assertUploadQuotaLeftBesideReservations } from './upload-quota';
import { assertTeam, type UploadRow } from './uploads.service';

/**
 * Fetches a public HTTPS file and stores it like any upload. Private, loopback and link-local
 * targets are refused unless WEBHOOK_ALLOW_PRIVATE (the product's one development switch for
 * private targets) is on.
 */
export async function uploadFromUrl(services: AppServices, input: { organizationId: string; teamId?: string | null; url: string }): Promise<UploadRow> {
  const { config, db, storage } = services;
  const teamId = await assertTeam(db, input.organizationId, input.teamId);
  await assertUploadQuotaLeftBesideReservations(db, input.organizationId);
  await assertDiskRoomFor(services, 0);
  const scratch = storage.createScratchFile();
  const maxBytes = maxAnyBytes(config);
  try {
    await downloadToFile(input.url, scratch, {
      allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: config.UPLOAD_FETCH_TIMEOUT_SECONDS * 1000,
      maxBytes,
    });
  } catch (error) {
    if (error instanceof DownloadError) {
      throw new BadRequestError(`Could not fetch the file from url: ${error.message}`, [{ code: 'custom', message: error.message, path: ['url'] }]);
    }
    throw error;
  }
  // The bytes decide the type; the remote server's Content-Type is not trusted either.
  return ingestLocalFile(services, scratch, { organizationId: input.organizationId, teamId, externalLink: input.url });
}
