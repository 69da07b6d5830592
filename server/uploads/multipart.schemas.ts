import { z } from '@hono/zod-openapi';
import { DECLARABLE_MIME_TYPES } from './upload-limits';

const id = z.string().min(1).max(64);
const teamId = id.nullable().optional().openapi({ description: 'The team the upload belongs to; the same on every call of one upload' });
const path = z.string().min(1).max(255).openapi({ description: 'The `path` from init' });
const uploadId = id.openapi({ description: 'The `uploadId` from init' });
const partNumber = z.number().int().min(1).max(10_000);

export const InitMultipartBody = z
  .object({
    teamId,
    fileName: z.string().trim().min(1).max(255).openapi({ example: 'keynote.mp4' }),
    mimeType: z.enum(DECLARABLE_MIME_TYPES).openapi({ example: 'video/mp4' }),
    fileSize: z.number().int().min(1).openapi({ example: 734_003_200, description: 'Exact size in bytes; the parts must add up to it' }),
  })
  .strict()
  .openapi('InitMultipartUpload');

const PartUrl = z.object({ partNumber, url: z.string().url() }).openapi('MultipartPartUrl');

export const InitMultipartResponse = z
  .object({
    uploadId: z.string(),
    path: z.string(),
    partSize: z.number().int().openapi({ description: 'Bytes of every part but the last' }),
    parts: z.array(PartUrl),
  })
  .openapi('InitMultipartUploadResult');

export const SignMultipartBody = z
  .object({ teamId, partNumbers: z.array(partNumber).min(1).max(10_000), path, uploadId })
  .strict()
  .openapi('SignMultipartParts');

export const SignMultipartResponse = z.object({ parts: z.array(PartUrl) }).openapi('SignMultipartPartsResult');

export const CompleteMultipartBody = z
  .object({
    teamId,
    parts: z
      .array(z.object({ partNumber, etag: z.string().min(1).max(256).openapi({ description: 'The ETag header its PUT answered' }) }).strict())
      .min(1)
      .max(10_000),
    path,
    uploadId,
  })
  .strict()
  .openapi('CompleteMultipartUpload');

export const AbortMultipartBody = z.object({ teamId, path, uploadId }).strict().openapi('AbortMultipartUpload');

export const AbortMultipartResponse = z.object({ success: z.boolean() }).openapi('AbortMultipartUploadResult');

export const PartParams = z.object({
  token: id.openapi({ param: { name: 'token', in: 'path' } }),
  partNumber: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .openapi({ param: { name: 'partNumber', in: 'path' } }),
});
export const PartQuery = z.object({
  expires: z.coerce.number().int().positive(),
  signature: z.string().min(1).max(128),
});
