import { Readable } from 'node:stream';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { uploads } from '../db/schema/uploads';
import { createRouter } from '../http/create-router';
import { NotFoundError } from '../http/errors';
import { parseRange } from './byte-range';
import { renditionOwnerKeys } from './renditions';
import { receivePut } from './three-step.service';
import { getMediaRoute, putUploadRoute } from './uploads-public.routes';

/** Longer than a slow video download takes to start; the redirect itself is cached a minute. */
const MEDIA_REDIRECT_TTL_SECONDS = 600;

/**
 * Routes without API keys: the signed PUT of the three-step flow (the signature is the
 * credential) and the media files (the unguessable key is). Registered before `authenticate`.
 */
export const uploadsPublicRouter = createRouter();
uploadsPublicRouter.openapi(putUploadRoute, async (c) => {
  const { token } = c.req.valid('param');
  const { expires, signature } = c.req.valid('query');
  const length = c.req.header('content-length');
  const result = await receivePut(c.var.services, {
    intentId: token,
    expires,
    signature,
    contentLength: length && /^\d+$/.test(length) ? Number(length) : undefined,
    body: c.req.raw.body,
  });
  return c.json(result, 200);
});
uploadsPublicRouter.openapi(getMediaRoute, async (c) => {
  const { shard, name } = c.req.valid('param');
  const key = `${shard}/${name}`;
  // A rendition is served while its upload is.
  const owners = renditionOwnerKeys(shard, name);
  const [row] = await c.var.services.db
    .select({ path: uploads.path, mime: uploads.mime })
    .from(uploads)
    .where(and(owners ? inArray(uploads.path, owners) : or(eq(uploads.path, key), eq(uploads.thumbnailPath, key)), isNull(uploads.deletedAt)));
  if (!row) throw new NotFoundError('Media');
  const { storage, config } = c.var.services;
  const contentType = row.path === key ? row.mime : 'image/jpeg';
  if (config.STORAGE === 's3' && config.S3_MEDIA_REDIRECT && storage.presignGet) {
    // The bucket serves the bytes (and ranges) itself. The link we hand out stays ours and
    // stable; each visit gets a fresh short-lived URL, so a deleted upload stops being served.
    const location = await storage.presignGet(key, { expiresInSeconds: MEDIA_REDIRECT_TTL_SECONDS, contentType });
    return c.body(null, 302, { location, 'cache-control': 'private, max-age=60' });
  }
  const info = await storage.stat(key);
  if (!info) throw new NotFoundError('Media');
  const headers: Record<string, string> = {
    'content-type': contentType,
    'accept-ranges': 'bytes',
    // The bytes of a key never change, but a deleted upload must stop being served soon.
    'cache-control': 'public, max-age=3600',
    'x-content-type-options': 'nosniff',
  };
  const range = parseRange(c.req.header('range'), info.size);
  if (range === 'unsatisfiable') {
    return c.body(null, 416, { ...headers, 'content-range': `bytes */${info.size}` });
  }
  const stream = (part = range ?? undefined) => Readable.toWeb(storage.open(key, part)) as ReadableStream;
  if (c.req.method === 'HEAD') {
    return c.body(null, range ? 206 : 200, { ...headers, 'content-length': String(range ? range.end - range.start + 1 : info.size) });
  }
  if (range) {
    return c.body(stream(), 206, {
      ...headers,
      'content-length': String(range.end - range.start + 1),
      'content-range': `bytes ${range.start}-${range.end}/${info.size}`,
    });
  }
  return c.body(stream(), 200, { ...headers, 'content-length': String(info.size) });
});
