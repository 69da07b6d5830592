import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { uploadIntents } from '../db/schema/uploads';
import { AppError, BadRequestError, ConflictError, ForbiddenError, InsufficientStorageError, NotFoundError } from '../http/errors';
import type { AppServices } from '../services';
import { isDiskFull } from '../storage/disk-full';
import { TooLargeError } from '../storage/file-storage';
import { writeThumbnail } from './media-probe';
import { checkPutUrl, signedPutUrl } from './put-url';
import { assertDiskRoomFor } from './upload-disk-room';
import { inspect, insertUpload, newStorageKey, thumbnailKeyFor } from './upload-ingest.service';
import {
  assertSizeAllowed,
  describeBytes,
  maxBytesFor,
  normalizeMime,
  PayloadTooLargeError,
  SUPPORTED_FORMATS,
  UnsupportedMediaError,
  type SupportedMime,
} from './upload-limits';
import { assertUploadQuotaLeft } from './upload-quota';
import { reserveSession } from './upload-reservations';
import { assertTeam, getUpload, type UploadRow } from './uploads.service';

type IntentRow = typeof uploadIntents.$inferSelect;

/** Step 1: records what will come and hands out a one-time, expiring, signed PUT URL. */
export async function initUpload(
  services: AppServices,
  input: { organizationId: string; teamId?: string | null; fileName: string; mimeType: string; fileSize?: number },
) {
  const { db, config } = services;
  const mime = normalizeMime(input.mimeType) as SupportedMime;
  const format = SUPPORTED_FORMATS[mime];
  const teamId = await assertTeam(db, input.organizationId, input.teamId);
  // No size named (the published client may omit it): the type's limit is reserved and is what
  // the PUT may send at most; finalize checks the real size.
  const sizeDeclared = input.fileSize !== undefined;
  const fileSize = input.fileSize ?? maxBytesFor(config, format.type);
  assertSizeAllowed(config, format.type, fileSize);
  await assertDiskRoomFor(services, fileSize);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + config.UPLOAD_PUT_URL_TTL_SECONDS * 1000);
  const direct = directUploads(services);
  // The session reserves its bytes and one upload of the month from here until it is finalized,
  // fails, or expires, so open sessions cannot fill the disk or overrun the plan.
  const intent = await db.transaction(async (tx) => {
    const held = await reserveSession(tx, config, { organizationId: input.organizationId, declaredSize: fileSize, now });
    await assertUploadQuotaLeft(tx, input.organizationId, { reserved: held.sessions });
    const [row] = await tx
      .insert(uploadIntents)
      .values({
        organizationId: input.organizationId,
        teamId,
        path: newStorageKey(format.ext),
        fileName: input.fileName,
        declaredMime: mime,
        declaredSize: fileSize,
        sizeDeclared,
        expiresAt,
        // The bucket takes a direct PUT, unseen by us: the session counts as sending from the
        // start, so it holds its reservation through the finalize grace like a PUT begun here.
        putStartedAt: direct ? now : null,
      })
      .returning();
    return row!;
  });
  const url = direct
    ? await services.storage.presignPut!(intent.path, { expiresInSeconds: config.UPLOAD_PUT_URL_TTL_SECONDS })
    : signedPutUrl(config, intent.id, expiresAt);
  return { url, path: intent.path };
}

/** Three-step PUTs go straight to the bucket when the store can presign them and the operator allows it. */
function directUploads(services: AppServices): boolean {
  return services.config.STORAGE === 's3' && services.config.S3_DIRECT_UPLOADS && services.storage.presignPut !== undefined;
}

/**
 * Step 2: streams the body to storage. The claim (`putStartedAt`) is one conditional update, so
 * of two PUTs to the same URL exactly one gets to write, even at the same moment.
 */
export async function receivePut(
  services: AppServices,
  params: { intentId: string; expires: number; signature: string; contentLength?: number; body: globalThis.ReadableStream<Uint8Array> | null },
) {
  const { db, config, storage } = services;
  const check = checkPutUrl(config, params);
  if (check === 'invalid') throw new ForbiddenError('This upload URL is not valid: its signature does not match');
  if (check === 'expired') throw new ForbiddenError('This upload URL has expired: call /upload/init again');
  const now = new Date();
  const [intent] = await db
    .update(uploadIntents)
    .set({ putStartedAt: now, updatedAt: now })
    .where(and(eq(uploadIntents.id, params.intentId), isNull(uploadIntents.putStartedAt), gt(uploadIntents.expiresAt, now)))
    .returning();
  if (!intent) {
    const [existing] = await db.select().from(uploadIntents).where(eq(uploadIntents.id, params.intentId));
    // The signature is valid, so the session existed: a failed PUT or refused content ended it.
    if (!existing || existing.putStartedAt) throw new ConflictError('This upload URL was already used: each URL takes one PUT; start again with /upload/init');
    throw new ForbiddenError('This upload URL has expired: call /upload/init again');
  }
  try {
    const size = await writeBody(services, intent, params);
    const [received] = await db
      .update(uploadIntents)
      .set({ receivedAt: new Date(), updatedAt: new Date() })
      .where(eq(uploadIntents.id, intent.id))
      .returning({ id: uploadIntents.id });
    // The clean-up removed the session while a very late PUT was still streaming.
    if (!received) throw new ForbiddenError('This upload session expired while the file was being sent: call /upload/init again');
    return { path: intent.path, fileSize: size };
  } catch (error) {
    // A failed PUT uses the URL up: its session ends here and releases what it reserved.
    await storage.delete(intent.path);
    await db.delete(uploadIntents).where(and(eq(uploadIntents.id, intent.id), isNull(uploadIntents.uploadId)));
    if (isDiskFull(error)) {
      throw new InsufficientStorageError(
        'The server ran out of disk space while receiving the file, so nothing was kept and this URL is used up; start again with /upload/init later',
      );
    }
    throw error;
  }
}

async function writeBody(
  { storage }: AppServices,
  intent: IntentRow,
  params: { contentLength?: number; body: globalThis.ReadableStream<Uint8Array> | null },
): Promise<number> {
  const declared = intent.declaredSize;
  if (params.contentLength !== undefined && params.contentLength > declared) throw tooLarge(declared, params.contentLength);
  if (!params.body) throw new BadRequestError('The request has no body: send the file bytes');
  let size: number;
  try {
    ({ size } = await storage.put(intent.path, Readable.fromWeb(params.body as NodeReadableStream<Uint8Array>), { maxBytes: declared }));
  } catch (error) {
    if (error instanceof TooLargeError) throw tooLarge(declared);
    throw error;
  }
  if (size !== declared && intent.sizeDeclared) {
    throw new BadRequestError(`Received ${size} bytes but /upload/init declared ${declared}: the URL is used up, start again with /upload/init`);
  }
  return size;
}

function tooLarge(declared: number, sent?: number) {
  return new PayloadTooLargeError(
    `The body is larger than the ${describeBytes(declared)} declared in /upload/init${sent !== undefined ? ` (${describeBytes(sent)} sent)` : ''}`,
  );
}

/**
 * Step 3: checks the received bytes and creates the upload. Repeating it returns the same upload.
 * Content that is refused is removed with its session; a refusal that may pass later (the monthly
 * quota) keeps the file so finalize can be repeated.
 */
export async function finalizeUpload(services: AppServices, input: { organizationId: string; path: string; teamId?: string | null }): Promise<UploadRow> {
  const { db, storage } = services;
  const intent = await findIntent(services, input);
  if (intent.uploadId) return getUpload(db, { organizationId: input.organizationId, id: intent.uploadId });
  if (!intent.receivedAt && directUploads(services)) await acceptDirectPut(services, intent);
  else if (!intent.receivedAt) throw new BadRequestError('Nothing was uploaded for this path yet: PUT the file to the url from /upload/init first');
  await assertUploadQuotaLeft(db, input.organizationId);

  const thumbnailScratch = storage.createScratchFile('.jpg');
  let thumbnailKey: string | null = null;
  try {
    const { size, facts } = await storage.withLocalFile(intent.path, async (localPath) => {
      const inspected = await inspect(services, localPath, intent.declaredMime);
      await writeThumbnail(localPath, thumbnailScratch, inspected.facts, services.config);
      return inspected;
    });
    // Its own key, not derived from the path: two finalize calls racing never share a thumbnail.
    thumbnailKey = thumbnailKeyFor(newStorageKey('jpg'));
    await storage.putFile(thumbnailKey, thumbnailScratch);
    const created = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(uploadIntents).where(eq(uploadIntents.id, intent.id)).for('update');
      if (!locked) throw new NotFoundError('Upload session');
      if (locked.uploadId) return { row: null, existingId: locked.uploadId };
      const row = await insertUpload(tx, {
        organizationId: intent.organizationId,
        teamId: intent.teamId,
        facts,
        key: intent.path,
        thumbnailKey,
        size,
      });
      await tx.update(uploadIntents).set({ uploadId: row.id, updatedAt: new Date() }).where(eq(uploadIntents.id, intent.id));
      return { row, existingId: null };
    });
    if (created.row) return created.row;
    // Another finalize won the race: its upload is the answer, this thumbnail is not needed.
    if (thumbnailKey) await storage.delete(thumbnailKey);
    return getUpload(db, { organizationId: input.organizationId, id: created.existingId! });
  } catch (error) {
    if (thumbnailKey) await storage.delete(thumbnailKey);
    if (error instanceof UnsupportedMediaError || (error instanceof AppError && error.statusCode === 413)) {
      await storage.delete(intent.path);
      await db.delete(uploadIntents).where(and(eq(uploadIntents.id, intent.id), isNull(uploadIntents.uploadId)));
    }
    throw error;
  } finally {
    await rm(thumbnailScratch, { force: true });
  }
}

/**
 * A direct PUT went to the bucket: the object must be there with exactly the declared size (the
 * bytes are sniffed next, as for a PUT received here). A wrong size uses the session up.
 */
async function acceptDirectPut(services: AppServices, intent: IntentRow): Promise<void> {
  const { db, storage } = services;
  const stored = await storage.stat(intent.path);
  if (!stored) throw new BadRequestError('Nothing was uploaded for this path yet: PUT the file to the url from /upload/init first');
  if (stored.size !== intent.declaredSize && (intent.sizeDeclared || stored.size > intent.declaredSize)) {
    await storage.delete(intent.path);
    await db.delete(uploadIntents).where(and(eq(uploadIntents.id, intent.id), isNull(uploadIntents.uploadId)));
    if (stored.size > intent.declaredSize) throw tooLarge(intent.declaredSize, stored.size);
    throw new BadRequestError(
      `Received ${stored.size} bytes but /upload/init declared ${intent.declaredSize}: the URL is used up, start again with /upload/init`,
    );
  }
  await db.update(uploadIntents).set({ receivedAt: new Date(), updatedAt: new Date() }).where(eq(uploadIntents.id, intent.id));
}

async function findIntent(services: AppServices, input: { organizationId: string; path: string; teamId?: string | null }): Promise<IntentRow> {
  const [intent] = await services.db
    .select()
    .from(uploadIntents)
    .where(and(eq(uploadIntents.organizationId, input.organizationId), eq(uploadIntents.path, input.path)));
  if (!intent) throw new NotFoundError('Upload session');
  if (input.teamId) await assertTeam(services.db, input.organizationId, input.teamId);
  if ((input.teamId ?? null) !== null && input.teamId !== intent.teamId) {
    throw new BadRequestError('teamId must be the one given to /upload/init');
  }
  return intent;
}
