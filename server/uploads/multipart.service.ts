import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { uploadMultipartSessions } from '../db/schema/upload-multipart';
import { uploadIntents } from '../db/schema/uploads';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../http/errors';
import type { AppServices } from '../services';
import { MultipartPartsError, TooLargeError } from '../storage/file-storage';
import { checkPartUrl, signedPartUrl } from './multipart-url';
import { assertDiskRoomFor } from './upload-disk-room';
import { newStorageKey } from './upload-ingest.service';
import { assertSizeAllowed, describeBytes, normalizeMime, PayloadTooLargeError, SUPPORTED_FORMATS, type SupportedMime } from './upload-limits';
import { assertUploadQuotaLeft } from './upload-quota';
import { reserveSession } from './upload-reservations';
import { finalizeUpload } from './three-step.service';
import { assertTeam, getUpload, type UploadRow } from './uploads.service';

/*
 * The multipart upload (`/upload/multipart/*`): a three-step session (`upload_intents`: the same
 * reservation, quota, expiry and clean-up) whose bytes come in parts. On a bucket that takes
 * direct uploads the parts go to S3's own multipart upload through presigned URLs; otherwise our
 * part route receives them into storage and complete joins them. Either way complete ends in the
 * three-step finalize, so the file is sniffed and probed like every other upload.
 */

/** S3's limit, which the hosted service keeps on every store. */
const MAX_PARTS = 10_000;

type IntentRow = typeof uploadIntents.$inferSelect;
type SessionRow = typeof uploadMultipartSessions.$inferSelect;
type Scope = { organizationId: string; teamId?: string | null };
type SessionRef = Scope & { path: string; uploadId: string };

const partKey = (intentId: string, partNumber: number) => `multipart/${intentId}/${partNumber}`;

function viaBucket(services: AppServices) {
  const { config, storage } = services;
  return config.STORAGE === 's3' && config.S3_DIRECT_UPLOADS && storage.multipart ? storage.multipart : null;
}

function partUrls(services: AppServices, intent: IntentRow, session: SessionRow, partNumbers: number[]) {
  const ttl = services.config.UPLOAD_PUT_URL_TTL_SECONDS;
  const bucket = viaBucket(services);
  return Promise.all(
    partNumbers.map(async (partNumber) => ({
      partNumber,
      url:
        bucket && session.storageUploadId
          ? await bucket.presignPart(intent.path, { uploadId: session.storageUploadId, partNumber, expiresInSeconds: ttl })
          : signedPartUrl(services.config, intent.id, partNumber, intent.expiresAt),
    })),
  );
}

/** Starts the session: reserves its bytes like /upload/init and hands out one URL per part. */
export async function initMultipart(services: AppServices, input: Scope & { fileName: string; mimeType: string; fileSize: number }) {
  const { db, config } = services;
  const mime = normalizeMime(input.mimeType) as SupportedMime;
  const format = SUPPORTED_FORMATS[mime];
  if (!format) throw new BadRequestError(`${input.mimeType} files cannot be uploaded here`);
  const teamId = await assertTeam(db, input.organizationId, input.teamId);
  assertSizeAllowed(config, format.type, input.fileSize);
  await assertDiskRoomFor(services, input.fileSize);
  const partSize = Math.max(config.UPLOAD_MULTIPART_PART_BYTES, Math.ceil(input.fileSize / MAX_PARTS));
  const partCount = Math.max(1, Math.ceil(input.fileSize / partSize));
  const now = new Date();
  const path = newStorageKey(format.ext);
  const bucket = viaBucket(services);
  // The bucket's multipart upload exists before the session row, so a row always names a real one;
  // one created for a refused init is simply never completed (buckets expire those by lifecycle).
  const storageUploadId = bucket ? (await bucket.create(path)).uploadId : null;
  const { intent, session } = await db.transaction(async (tx) => {
    const held = await reserveSession(tx, config, { organizationId: input.organizationId, declaredSize: input.fileSize, now });
    await assertUploadQuotaLeft(tx, input.organizationId, { reserved: held.sessions });
    const [intent] = await tx
      .insert(uploadIntents)
      .values({
        organizationId: input.organizationId,
        teamId,
        path,
        fileName: input.fileName,
        declaredMime: mime,
        declaredSize: input.fileSize,
        expiresAt: new Date(now.getTime() + config.UPLOAD_PUT_URL_TTL_SECONDS * 1000),
        // Parts may arrive at any time until complete: the session holds its reservation through the finalize grace.
        putStartedAt: now,
      })
      .returning();
    const [session] = await tx
      .insert(uploadMultipartSessions)
      .values({ intentId: intent!.id, organizationId: input.organizationId, storageUploadId, partSize, partCount })
      .returning();
    return { intent: intent!, session: session! };
  });
  const parts = await partUrls(
    services,
    intent,
    session,
    Array.from({ length: partCount }, (_, index) => index + 1),
  );
  return { uploadId: intent.id, path: intent.path, partSize, parts };
}

/** The organization's open session named by path and uploadId; anything else is a 404. */
async function findSession(services: AppServices, ref: SessionRef): Promise<{ intent: IntentRow; session: SessionRow }> {
  const [row] = await services.db
    .select({ intent: uploadIntents, session: uploadMultipartSessions })
    .from(uploadIntents)
    .innerJoin(uploadMultipartSessions, eq(uploadMultipartSessions.intentId, uploadIntents.id))
    .where(and(eq(uploadIntents.organizationId, ref.organizationId), eq(uploadIntents.path, ref.path), eq(uploadIntents.id, ref.uploadId)));
  if (!row) throw new NotFoundError('Multipart upload');
  if (ref.teamId) await assertTeam(services.db, ref.organizationId, ref.teamId);
  if ((ref.teamId ?? null) !== null && ref.teamId !== row.intent.teamId) throw new BadRequestError('teamId must be the one given to /upload/multipart/init');
  return row;
}

function assertPartNumbers(session: SessionRow, partNumbers: number[]) {
  const outside = partNumbers.filter((partNumber) => partNumber > session.partCount);
  if (outside.length) throw new BadRequestError(`This upload has ${session.partCount} part(s); there is no part ${outside.join(', ')}`);
}

/** Fresh URLs for parts whose URLs expired; the session lives on for another URL lifetime. */
export async function signParts(services: AppServices, ref: SessionRef & { partNumbers: number[] }) {
  const { intent, session } = await findSession(services, ref);
  if (intent.uploadId) throw new ConflictError('This multipart upload is already complete');
  assertPartNumbers(session, ref.partNumbers);
  const expiresAt = new Date(Date.now() + services.config.UPLOAD_PUT_URL_TTL_SECONDS * 1000);
  const [extended] = await services.db
    .update(uploadIntents)
    .set({ expiresAt, updatedAt: new Date() })
    .where(and(eq(uploadIntents.id, intent.id), isNull(uploadIntents.uploadId)))
    .returning();
  if (!extended) throw new ConflictError('This multipart upload is already complete');
  return {
    parts: await partUrls(
      services,
      extended,
      session,
      [...new Set(ref.partNumbers)].sort((a, b) => a - b),
    ),
  };
}

/** Our part route (stores without native multipart): one part's bytes, answered with its ETag. */
export async function receivePart(
  services: AppServices,
  params: { intentId: string; partNumber: number; expires: number; signature: string; body: globalThis.ReadableStream<Uint8Array> | null },
): Promise<{ etag: string; size: number }> {
  const { db, storage, config } = services;
  const check = checkPartUrl(config, params);
  if (check === 'invalid') throw new ForbiddenError('This part URL is not valid: its signature does not match');
  if (check === 'expired') throw new ForbiddenError('This part URL has expired: get a fresh one from /upload/multipart/sign');
  const [row] = await db
    .select({ intent: uploadIntents, session: uploadMultipartSessions })
    .from(uploadIntents)
    .innerJoin(uploadMultipartSessions, eq(uploadMultipartSessions.intentId, uploadIntents.id))
    .where(and(eq(uploadIntents.id, params.intentId), isNull(uploadIntents.uploadId), gt(uploadIntents.expiresAt, new Date())));
  if (!row) throw new NotFoundError('Open multipart upload');
  assertPartNumbers(row.session, [params.partNumber]);
  if (!params.body) throw new BadRequestError('The request has no body: send the part bytes');
  const hash = createHash('md5');
  const source = Readable.fromWeb(params.body as NodeReadableStream<Uint8Array>).map((chunk: Buffer) => {
    hash.update(chunk);
    return chunk;
  });
  try {
    const { size } = await storage.put(partKey(row.intent.id, params.partNumber), source, { maxBytes: row.session.partSize });
    return { etag: `"${hash.digest('hex')}"`, size };
  } catch (error) {
    if (error instanceof TooLargeError) throw new PayloadTooLargeError(`A part may be at most ${describeBytes(row.session.partSize)}`);
    throw error;
  }
}

const normalEtag = (etag: string) => etag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');

/** Checks the part list against the session's layout; a wrong list is a 400 that keeps the parts. */
function assertPartList(session: SessionRow, parts: { partNumber: number; etag: string }[]) {
  const numbers = parts.map((part) => part.partNumber);
  const expected = Array.from({ length: session.partCount }, (_, index) => index + 1);
  if (numbers.length !== expected.length || numbers.some((number, index) => number !== expected[index])) {
    throw new BadRequestError(`Send every part once, in order: this upload has parts 1 to ${session.partCount}`);
  }
}

/**
 * Joins the parts and finalizes the upload. Repeating it after success returns the same upload; a
 * failure of ours (a 5xx) keeps whatever exists, parts or the joined file, so complete can be retried.
 */
export async function completeMultipart(services: AppServices, ref: SessionRef & { parts: { partNumber: number; etag: string }[] }): Promise<UploadRow> {
  const { db } = services;
  const { intent, session } = await findSession(services, ref);
  if (intent.uploadId) return getUpload(db, { organizationId: ref.organizationId, id: intent.uploadId });
  assertPartList(session, ref.parts);
  // Quota and permissions first: a 403 leaves the parts open, so the caller can abort or retry later.
  await assertUploadQuotaLeft(db, ref.organizationId);
  if (!intent.receivedAt) {
    const bucket = viaBucket(services);
    if (bucket && session.storageUploadId) await joinInBucket(services, intent, session, ref.parts);
    else await joinParts(services, intent, session, ref.parts);
    await db.update(uploadIntents).set({ receivedAt: new Date(), updatedAt: new Date() }).where(eq(uploadIntents.id, intent.id));
  }
  try {
    const upload = await finalizeUpload(services, { organizationId: ref.organizationId, path: intent.path, teamId: ref.teamId });
    await deleteParts(services, intent.id, session.partCount);
    return upload;
  } catch (error) {
    // Refused content ends the session (finalize removed it and the joined bytes): its parts go too.
    const [left] = await db.select({ id: uploadIntents.id }).from(uploadIntents).where(eq(uploadIntents.id, intent.id));
    if (!left) await deleteParts(services, intent.id, session.partCount);
    throw error;
  }
}

/** Refuses the joined file (its bytes go with the session) when its size is not the declared one. */
async function refuseSize(services: AppServices, intent: IntentRow, size: number): Promise<never> {
  await discard(services, intent, null);
  if (size > intent.declaredSize) {
    throw new PayloadTooLargeError(`The parts add up to ${describeBytes(size)}, more than the ${describeBytes(intent.declaredSize)} declared at init`);
  }
  throw new BadRequestError(`The parts add up to ${size} bytes but init declared ${intent.declaredSize}`);
}

async function joinInBucket(services: AppServices, intent: IntentRow, session: SessionRow, parts: { partNumber: number; etag: string }[]) {
  const bucket = viaBucket(services)!;
  try {
    await bucket.complete(intent.path, { uploadId: session.storageUploadId!, parts });
  } catch (error) {
    if (!(error instanceof MultipartPartsError)) throw error;
    // An earlier complete joined the parts and died before recording it: the object is the answer.
    if (!(error.gone && (await services.storage.stat(intent.path)))) {
      throw new BadRequestError(`The bucket refused the part list: ${error.message}. Re-send the failed parts, or check each part's ETag`);
    }
  }
  const stored = await services.storage.stat(intent.path);
  if (!stored) throw new BadRequestError('Nothing was assembled: upload the parts first');
  if (stored.size !== intent.declaredSize) await refuseSize(services, intent, stored.size);
}

async function joinParts(services: AppServices, intent: IntentRow, session: SessionRow, parts: { partNumber: number; etag: string }[]) {
  const { storage } = services;
  let total = 0;
  for (const part of parts) {
    const key = partKey(intent.id, part.partNumber);
    const stored = await storage.stat(key);
    if (!stored) throw new BadRequestError(`Part ${part.partNumber} was not uploaded`);
    const hash = createHash('md5');
    for await (const chunk of storage.open(key)) hash.update(chunk as Buffer);
    if (hash.digest('hex') !== normalEtag(part.etag)) {
      throw new BadRequestError(`Part ${part.partNumber}'s ETag does not match the bytes received: upload it again or send the ETag its PUT answered`);
    }
    if (part.partNumber < session.partCount && stored.size !== session.partSize) {
      throw new BadRequestError(`Part ${part.partNumber} has ${stored.size} bytes; every part but the last must have ${session.partSize}`);
    }
    total += stored.size;
  }
  if (total !== intent.declaredSize) await refuseSize(services, intent, total);
  async function* joined() {
    for (const part of parts) yield* storage.open(partKey(intent.id, part.partNumber));
  }
  try {
    await storage.put(intent.path, joined(), { maxBytes: intent.declaredSize });
  } catch (error) {
    if (error instanceof TooLargeError) await refuseSize(services, intent, intent.declaredSize + 1);
    throw error;
  }
}

async function deleteParts(services: AppServices, intentId: string, partCount: number) {
  for (let partNumber = 1; partNumber <= partCount; partNumber += 1) await services.storage.delete(partKey(intentId, partNumber));
}

/** Everything of an unfinished session: its parts (ours or the bucket's), any joined bytes, the row. */
async function discard(services: AppServices, intent: IntentRow, session: SessionRow | null) {
  const [own] = session ? [session] : await services.db.select().from(uploadMultipartSessions).where(eq(uploadMultipartSessions.intentId, intent.id));
  if (own?.storageUploadId) await viaBucket(services)?.abort(intent.path, { uploadId: own.storageUploadId });
  if (own) await deleteParts(services, intent.id, own.partCount);
  await services.storage.delete(intent.path);
  await services.db.delete(uploadIntents).where(and(eq(uploadIntents.id, intent.id), isNull(uploadIntents.uploadId)));
}

/** Gives up an unfinished upload: its parts and reservation go. A completed one is a 409. */
export async function abortMultipart(services: AppServices, ref: SessionRef): Promise<{ success: boolean }> {
  const { intent, session } = await findSession(services, ref);
  if (intent.uploadId) throw new ConflictError('This multipart upload is already complete: delete the upload instead');
  await discard(services, intent, session);
  return { success: true };
}

/** For the clean-up of expired sessions: the parts a multipart session left behind. */
export async function discardMultipartParts(services: AppServices, intentId: string, path: string): Promise<void> {
  const [session] = await services.db.select().from(uploadMultipartSessions).where(eq(uploadMultipartSessions.intentId, intentId));
  if (!session) return;
  if (session.storageUploadId) await viaBucket(services)?.abort(path, { uploadId: session.storageUploadId });
  await deleteParts(services, intentId, session.partCount);
}
