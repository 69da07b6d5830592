import { createRoute, z } from '@hono/zod-openapi';
import { ErrorSchema } from '../http/error-schema';
import { errorResponses } from '../http/openapi-helpers';
import { PUT_PATH_PREFIX } from './put-url';
import { diskFullResponse, tooLargeResponse } from './uploads.routes';

const tags = ['Uploads'];
const error = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } });

export const PutUploadParams = z.object({
  token: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'token', in: 'path' } }),
});
export const PutUploadQuery = z.object({
  expires: z.coerce.number().int().positive().openapi({ description: 'Unix time the URL stops working' }),
  signature: z.string().min(1).max(128),
});

export const putUploadRoute = createRoute({
  method: 'put',
  path: `${PUT_PATH_PREFIX}/{token}`,
  operationId: 'putUploadBytes',
  summary: 'Step 2 of the three-step upload: send the raw bytes',
  description:
    'The URL comes from /upload/init and is its own credential (no API key). It takes one PUT, before it expires, ' +
    'of exactly the declared `fileSize` bytes; a second PUT is `409`.',
  tags,
  security: [],
  request: {
    params: PutUploadParams,
    query: PutUploadQuery,
    body: { required: true, content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
  },
  responses: {
    200: {
      description: 'Received; now call /upload/finalize with the path',
      content: { 'application/json': { schema: z.object({ path: z.string(), fileSize: z.number().int() }).openapi('PutUploadResult') } },
    },
    400: error('Empty body, or fewer bytes than declared'),
    403: error('Invalid signature or expired URL'),
    404: error('Unknown upload session'),
    409: error('The URL was already used'),
    ...tooLargeResponse,
    500: errorResponses()[500],
    ...diskFullResponse,
  },
});

export const MediaParams = z.object({
  shard: z
    .string()
    .regex(/^[0-9a-z]{2}$/)
    .openapi({ param: { name: 'shard', in: 'path' } }),
  name: z
    .string()
    .regex(/^[0-9a-z]{40,60}(-thumb|-r[0-9a-z]{1,40})?\.[a-z0-9]{2,4}$/)
    .openapi({ param: { name: 'name', in: 'path' } }),
});

export const getMediaRoute = createRoute({
  method: 'get',
  path: '/media/{shard}/{name}',
  operationId: 'getMedia',
  summary: 'The bytes of an upload or its thumbnail',
  description:
    'Public: the address is unguessable and is what `url` and `thumbnailUrl` of an upload point to, so platforms can fetch media ' +
    '(and the JPEG copy made at publish for a platform that would refuse the upload as it is). ' +
    'Honours a single `Range` (206, or 416 when unsatisfiable). Deleted uploads are 404. ' +
    'With bucket storage (`STORAGE=s3`) it answers 302 to a short-lived presigned URL of the object, unless `S3_MEDIA_REDIRECT=false`.',
  tags,
  security: [],
  request: { params: MediaParams },
  responses: {
    200: {
      description: 'The file',
      content: {
        'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) },
        'image/png': { schema: z.string().openapi({ format: 'binary' }) },
        'video/mp4': { schema: z.string().openapi({ format: 'binary' }) },
      },
    },
    206: { description: 'The requested byte range' },
    302: { description: 'Bucket storage: the object at a short-lived presigned URL (`Location`)' },
    404: error('No such media'),
    416: { description: 'Range not satisfiable' },
  },
});
