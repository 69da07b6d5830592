import { createRoute } from '@hono/zod-openapi';
import { ErrorSchema } from '../http/error-schema';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { streamedUploadForm, uploadFormDocument } from './upload-form';
import {
  DeleteUploadsBody,
  FinalizeUploadBody,
  FromUrlBody,
  InitUploadBody,
  InitUploadResponse,
  UploadIdParams,
  UploadListQuery,
  UploadListSchema,
  UploadSchema,
  UploadWithPostsSchema,
} from './uploads.schemas';

const tags = ['Uploads'];
const security = apiKeySecurity;

export const tooLargeResponse = {
  413: { description: 'The file or body is over a size limit', content: { 'application/json': { schema: ErrorSchema } } },
};

/** Decision 068: the server's disk is full, or would be too full after this file; `Retry-After` says when to try again. */
export const diskFullResponse = {
  507: { description: 'The server is out of disk space: nothing was kept; see `Retry-After`', content: { 'application/json': { schema: ErrorSchema } } },
};

const quotaNote = 'Counts toward the monthly upload quota (FREE 200, PRO 100,000, BUSINESS 1,000,000; `403` once reached).';
const contentNote =
  'The type is sniffed from the bytes (JPEG, PNG, MP4); a declared type that disagrees is `400`. Images up to 25 MB, videos up to 1 GB. ' +
  'Width and height are read from the file, `videoLength` from MP4s. Every upload gets a 400 px JPEG thumbnail: the image ' +
  "itself, or a video's poster frame. A file that cannot be decoded (damaged, truncated, or a picture over the pixel limit) is `400`.";

const multipartRoute = (path: string, operationId: string, summary: string) =>
  createRoute({
    method: 'post',
    path,
    operationId,
    summary,
    description: `Multipart form with \`file\` and optional \`teamId\`, for files up to 90 MB. ${contentNote} ${quotaNote}`,
    tags,
    security,
    middleware: [streamedUploadForm] as const,
    request: { body: { required: true, content: { 'multipart/form-data': { schema: uploadFormDocument } } } },
    responses: { 200: jsonResponse(UploadSchema, 'The new upload'), ...errorResponses(404), ...tooLargeResponse, ...diskFullResponse },
  });

export const createUploadRoute = multipartRoute('/upload/create', 'createUpload', 'Upload a file (multipart)');
export const postUploadRoute = multipartRoute('/upload', 'postUpload', 'Upload a file (multipart, same as /upload/create)');

export const initUploadRoute = createRoute({
  method: 'post',
  path: '/upload/init',
  operationId: 'initUpload',
  summary: 'Start a three-step upload (required above 90 MB)',
  description:
    'Returns a one-time PUT `url` (signed, expires after an hour, no API key needed) and the `path` to finalize. ' +
    'PUT exactly `fileSize` raw bytes to the url, then call /upload/finalize with the path. ' +
    'Until it is finalized, fails or expires, the session reserves its `fileSize` and one upload of the monthly quota: ' +
    'past the open-session or reserved-bytes cap of the organization the answer is `429` with `Retry-After`, past the monthly quota `403`.',
  tags,
  security,
  request: { body: jsonBody(InitUploadBody) },
  responses: { 200: jsonResponse(InitUploadResponse, 'Where to PUT the bytes'), ...errorResponses(404), ...tooLargeResponse, ...diskFullResponse },
});

export const finalizeUploadRoute = createRoute({
  method: 'post',
  path: '/upload/finalize',
  operationId: 'finalizeUpload',
  summary: 'Finish a three-step upload',
  description: `Checks the bytes received by the PUT and creates the upload; calling it again returns the same upload. ${contentNote} ${quotaNote}`,
  tags,
  security,
  request: { body: jsonBody(FinalizeUploadBody) },
  responses: { 200: jsonResponse(UploadSchema, 'The new upload'), ...errorResponses(404), ...tooLargeResponse, ...diskFullResponse },
});

export const fromUrlRoute = createRoute({
  method: 'post',
  path: '/upload/from-url',
  operationId: 'createUploadFromUrl',
  summary: 'Upload a file fetched from a public HTTPS URL',
  description:
    'HTTPS only; addresses that resolve to private, loopback or link-local networks are refused, redirects (at most 3) are checked the same way. ' +
    `The download is capped at the video size limit and 60 seconds. ${contentNote} ${quotaNote}`,
  tags,
  security,
  request: { body: jsonBody(FromUrlBody) },
  responses: { 200: jsonResponse(UploadSchema, 'The new upload'), ...errorResponses(404), ...tooLargeResponse, ...diskFullResponse },
});

export const listUploadsRoute = createRoute({
  method: 'get',
  path: '/upload',
  operationId: 'listUploads',
  summary: 'List uploads',
  tags,
  security,
  request: { query: UploadListQuery },
  responses: { 200: jsonResponse(UploadListSchema, 'Uploads, newest first'), ...errorResponses(404) },
});

export const getUploadRoute = createRoute({
  method: 'get',
  path: '/upload/{id}',
  operationId: 'getUpload',
  summary: 'Get an upload with the posts using it',
  tags,
  security,
  request: { params: UploadIdParams },
  responses: { 200: jsonResponse(UploadWithPostsSchema, 'The upload'), ...errorResponses(404) },
});

const deleteNote = 'Deleted uploads disappear at once; their files are removed after two days. An upload that an unfinished post uses is `409`.';

export const deleteUploadRoute = createRoute({
  method: 'delete',
  path: '/upload/{id}',
  operationId: 'deleteUpload',
  summary: 'Delete an upload',
  description: deleteNote,
  tags,
  security,
  request: { params: UploadIdParams },
  responses: { 200: jsonResponse(UploadSchema, 'The deleted upload'), ...errorResponses(404, 409) },
});

export const deleteUploadsRoute = createRoute({
  method: 'delete',
  path: '/upload',
  operationId: 'deleteUploads',
  summary: 'Delete several uploads (all or none)',
  description: deleteNote,
  tags,
  security,
  request: { body: jsonBody(DeleteUploadsBody) },
  responses: { 200: jsonResponse(UploadSchema.array(), 'The deleted uploads'), ...errorResponses(404, 409) },
});
