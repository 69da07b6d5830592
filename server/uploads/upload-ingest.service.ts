import { rm, stat } from 'node:fs/promises';
import type { Executor } from '../db/client';
import { newId } from '../db/ids';
import { uploads } from '../db/schema/uploads';
import type { AppServices } from '../services';
import { probeMedia, writeThumbnail, type MediaFacts } from './media-probe';
import { assertSizeAllowed } from './upload-limits';
import { consumeUploadQuota } from './upload-quota';
import type { UploadRow } from './uploads.service';

/** `ab/<48 random characters>.ext`: unguessable (it doubles as the public media URL), sharded by two characters. */
export function newStorageKey(ext: string): string {
  const random = `${newId()}${newId()}`;
  return `${random.slice(0, 2)}/${random}.${ext}`;
}

export function thumbnailKeyFor(key: string): string {
  return key.replace(/\.[a-z0-9]+$/, '-thumb.jpg');
}

export type IngestInput = {
  organizationId: string;
  teamId: string | null;
  declaredMime?: string | null;
  externalLink?: string | null;
};

/**
 * Turns a received local file (a scratch file) into an upload: sniff, size per type, metadata,
 * thumbnail, then the files move into storage and the row is written with the quota counted.
 * If the row cannot be written the stored files are removed again; the scratch file is always gone.
 */
export async function ingestLocalFile(services: AppServices, localPath: string, input: IngestInput): Promise<UploadRow> {
  const { storage } = services;
  const thumbnailScratch = storage.createScratchFile('.jpg');
  const stored: string[] = [];
  try {
    const { size, facts } = await inspect(services, localPath, input.declaredMime);
    const key = newStorageKey(facts.ext);
    await writeThumbnail(localPath, thumbnailScratch, facts, services.config);
    const thumbnailKey = thumbnailKeyFor(key);
    await storage.putFile(thumbnailKey, thumbnailScratch);
    stored.push(thumbnailKey);
    await storage.putFile(key, localPath);
    stored.push(key);
    return await services.db.transaction((tx) => insertUpload(tx, { ...input, facts, key, thumbnailKey, size }));
  } catch (error) {
    await Promise.all(stored.map((key) => storage.delete(key)));
    throw error;
  } finally {
    await rm(localPath, { force: true });
    await rm(thumbnailScratch, { force: true });
  }
}

export async function inspect(services: AppServices, localPath: string, declaredMime?: string | null) {
  const size = (await stat(localPath)).size;
  const facts = await probeMedia(localPath, declaredMime, services.config);
  assertSizeAllowed(services.config, facts.type, size);
  return { size, facts };
}

/** The row, with this month's quota counted in the same transaction. */
export async function insertUpload(
  tx: Executor,
  input: IngestInput & { facts: MediaFacts; key: string; thumbnailKey: string | null; size: number },
): Promise<UploadRow> {
  await consumeUploadQuota(tx, input.organizationId);
  const [row] = await tx
    .insert(uploads)
    .values({
      organizationId: input.organizationId,
      teamId: input.teamId,
      type: input.facts.type,
      mime: input.facts.mime,
      ext: input.facts.ext,
      path: input.key,
      thumbnailPath: input.thumbnailKey,
      fileSize: input.size,
      width: input.facts.width,
      height: input.facts.height,
      videoLength: input.facts.videoLength,
      externalLink: input.externalLink ?? null,
    })
    .returning();
  return row!;
}
