import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { validationBody } from '../http/error-schema';
import { BadRequestError } from '../http/errors';
import { boundaryOf, MultipartError, MultipartTooLargeError, streamMultipart, type StreamedFile } from './multipart-stream';
import { assertDiskRoomFor } from './upload-disk-room';
import { describeBytes, PayloadTooLargeError } from './upload-limits';

/** The form of `POST /upload/create` and `POST /upload` once parsed and checked. */
export const UploadFormSchema = z
  .object({
    file: z.custom<StreamedFile>((value) => typeof value === 'object' && value !== null && 'localPath' in value, { message: 'Required' }),
    teamId: z.string().min(1).max(64).optional(),
  })
  .strict();
export type UploadForm = z.infer<typeof UploadFormSchema>;

/** What the OpenAPI document shows for the form (validation is the middleware below). */
export const uploadFormDocument = {
  type: 'object' as const,
  required: ['file'],
  properties: {
    file: { type: 'string' as const, format: 'binary', description: 'JPEG, PNG or MP4, up to 90 MB' },
    teamId: { type: 'string' as const, description: 'Optional: the team that owns the upload' },
  },
  additionalProperties: false,
};

const tooLarge = (max: number) =>
  new PayloadTooLargeError(`Files over ${describeBytes(max)} must use the three-step flow: /upload/init, PUT, /upload/finalize`);

/**
 * Parses the multipart body as it streams in (the file goes straight to a scratch file, capped
 * at the simple-flow limit) and validates it like any other input: the handler reads the result
 * with `c.req.valid('form')`. Hono's own form validator would hold the whole body in memory.
 */
export const streamedUploadForm = createMiddleware<AppEnv>(async (c, next) => {
  const { config, storage } = c.var.services;
  const boundary = boundaryOf(c.req.header('content-type'));
  if (!boundary) throw new BadRequestError('Send the file as multipart/form-data with a boundary');
  // The idempotency middleware may have read the body already; Hono keeps that copy.
  const source = c.req.raw.bodyUsed ? new Blob([await c.req.arrayBuffer()]).stream() : c.req.raw.body;
  if (!source) throw new BadRequestError('The request has no body');
  const announced = Number(c.req.header('content-length'));
  await assertDiskRoomFor(c.var.services, Number.isSafeInteger(announced) && announced > 0 ? announced : 0);
  let form;
  try {
    form = await streamMultipart(Readable.fromWeb(source as NodeReadableStream<Uint8Array>), boundary, {
      maxFileBytes: config.UPLOAD_MAX_SIMPLE_BYTES,
      scratchPath: () => storage.createScratchFile(),
    });
  } catch (error) {
    if (error instanceof MultipartTooLargeError) throw tooLarge(config.UPLOAD_MAX_SIMPLE_BYTES);
    if (error instanceof MultipartError) throw new BadRequestError(error.message);
    throw error;
  }
  const parsed = UploadFormSchema.safeParse({ ...form.fields, ...form.files });
  const scratchFiles = Object.values(form.files).map((file) => file.localPath);
  const unused = parsed.success ? scratchFiles.filter((path) => path !== parsed.data.file.localPath) : scratchFiles;
  await Promise.all(unused.map((path) => rm(path, { force: true })));
  if (!parsed.success) return c.json(validationBody(parsed.error), 400);
  c.req.addValidatedData('form', parsed.data);
  try {
    await next();
  } finally {
    // The handler moves the file into storage; whatever it did not take is removed here.
    if (parsed.success) await rm(parsed.data.file.localPath, { force: true });
  }
});

/** The validated form, typed (the route declares it as a plain OpenAPI schema, not zod). */
export function validUploadForm(c: Context<AppEnv>): UploadForm {
  return c.req.valid('form' as never) as UploadForm;
}
