import { createRoute, z } from '@hono/zod-openapi';
import { ErrorSchema } from '../http/error-schema';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import * as s from './multipart.schemas';
import { PART_PATH_PREFIX } from './multipart-url';
import { UploadSchema } from './uploads.schemas';
import { diskFullResponse, tooLargeResponse } from './uploads.routes';

const tags = ['Uploads'];
const security = apiKeySecurity;
const error = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } });

export const initMultipartRoute = createRoute({
  method: 'post',
  path: '/upload/multipart/init',
  operationId: 'uploadInitMultipartUpload',
  summary: 'Start a multipart upload',
  description:
    'Returns an `uploadId`, the `path`, the `partSize` and one PUT URL per part (every part is `partSize` bytes but the last). ' +
    'PUT each part (no API key), keep the `ETag` header of each answer, then call complete with the whole part list. ' +
    'The session reserves its bytes and one upload of the month like /upload/init; URLs expire after an hour (sign gives fresh ones).',
  tags,
  security,
  request: { body: jsonBody(s.InitMultipartBody) },
  responses: { 200: jsonResponse(s.InitMultipartResponse, 'Where to PUT each part'), ...errorResponses(404), ...tooLargeResponse, ...diskFullResponse },
});

export const signMultipartRoute = createRoute({
  method: 'post',
  path: '/upload/multipart/sign',
  operationId: 'uploadSignMultipartParts',
  summary: 'Fresh URLs for parts of a multipart upload',
  description: 'For parts whose URLs expired; parts already sent keep their ETags. The session is extended by another URL lifetime.',
  tags,
  security,
  request: { body: jsonBody(s.SignMultipartBody) },
  responses: { 200: jsonResponse(s.SignMultipartResponse, 'The new URLs'), ...errorResponses(404, 409) },
});

export const completeMultipartRoute = createRoute({
  method: 'post',
  path: '/upload/multipart/complete',
  operationId: 'uploadCompleteMultipartUpload',
  summary: 'Join the parts and create the upload',
  description:
    'Send every part once, in order, with the ETag its PUT answered. The joined file is checked like any upload (content sniffed, metadata read). ' +
    'Calling it again after success returns the same upload. `400` for a wrong part list keeps the parts (fix it and call again); ' +
    '`400`/`413` for a refused file removes it with the session. `403` (quota) comes before joining: the parts stay, abort them or retry later.',
  tags,
  security,
  request: { body: jsonBody(s.CompleteMultipartBody) },
  responses: { 200: jsonResponse(UploadSchema, 'The new upload'), ...errorResponses(404), ...tooLargeResponse, ...diskFullResponse },
});

export const abortMultipartRoute = createRoute({
  method: 'post',
  path: '/upload/multipart/abort',
  operationId: 'uploadAbortMultipartUpload',
  summary: 'Give up a multipart upload',
  description: 'Removes the parts sent so far and ends the session (and its reservation). A completed upload is `409`: delete the upload instead.',
  tags,
  security,
  request: { body: jsonBody(s.AbortMultipartBody) },
  responses: { 200: jsonResponse(s.AbortMultipartResponse, 'Aborted'), ...errorResponses(404, 409) },
});

export const putPartRoute = createRoute({
  method: 'put',
  path: `${PART_PATH_PREFIX}/{token}/{partNumber}`,
  operationId: 'putUploadPart',
  summary: 'Send one part of a multipart upload',
  description:
    "The URL comes from /upload/multipart/init or sign and is its own credential (no API key). The answer carries the part's `ETag` header " +
    '(as S3 does); sending a part again replaces it. With bucket storage the part URLs point at the bucket instead.',
  tags,
  security: [],
  request: {
    params: s.PartParams,
    query: s.PartQuery,
    body: { required: true, content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
  },
  responses: {
    200: {
      description: 'Received; the `ETag` header names the part for complete',
      headers: { ETag: { schema: { type: 'string' } } },
      content: {
        'application/json': { schema: z.object({ partNumber: z.number().int(), etag: z.string(), size: z.number().int() }).openapi('PutUploadPartResult') },
      },
    },
    400: error('Empty body, or no such part'),
    403: error('Invalid signature or expired URL'),
    404: error('No open multipart upload'),
    ...tooLargeResponse,
    500: errorResponses()[500],
    ...diskFullResponse,
  },
});
