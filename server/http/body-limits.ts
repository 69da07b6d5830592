import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Config } from '../config';
import type { AppEnv } from '../context';
import { PART_PATH_PREFIX } from '../uploads/multipart-url';
import { PUT_PATH_PREFIX } from '../uploads/put-url';
import { AppError } from './errors';

/** Login and the consent forms carry an email, a password, a few ids: nothing near this. */
const FORM_MAX_BYTES = 8 * 1024;
/** Room for the multipart framing and the small fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

type Limit = {
  maxBytes: (config: Config) => number;
  /**
   * The route streams its body to storage and stops at its own cap, so only a declared
   * `content-length` is checked here: buffering a gigabyte to count it would be the attack.
   */
  streamed?: boolean;
};

const ROUTE_LIMITS: { method: string; path: RegExp; limit: Limit }[] = [
  {
    method: 'POST',
    path: /^\/api\/v1\/upload(\/create)?\/?$/,
    limit: { maxBytes: (config) => config.UPLOAD_MAX_SIMPLE_BYTES + MULTIPART_OVERHEAD_BYTES, streamed: true },
  },
  {
    method: 'PUT',
    path: new RegExp(`^${PUT_PATH_PREFIX}/[^/]+/?$`),
    limit: { maxBytes: (config) => Math.max(config.UPLOAD_MAX_IMAGE_BYTES, config.UPLOAD_MAX_VIDEO_BYTES), streamed: true },
  },
  {
    // One part of a multipart upload (decision 088): at most a part's size, which grows past the setting only for huge files.
    method: 'PUT',
    path: new RegExp(`^${PART_PATH_PREFIX}/[^/]+/\\d+/?$`),
    limit: {
      maxBytes: (config) =>
        Math.max(config.UPLOAD_MULTIPART_PART_BYTES, Math.ceil(Math.max(config.UPLOAD_MAX_IMAGE_BYTES, config.UPLOAD_MAX_VIDEO_BYTES) / 10_000)),
      streamed: true,
    },
  },
  { method: 'POST', path: /^\/api\/v1\/auth\/login\/?$/, limit: { maxBytes: () => FORM_MAX_BYTES } },
  { method: 'POST', path: /^\/sandbox\/connect\/[^/]+\/?$/, limit: { maxBytes: () => FORM_MAX_BYTES } },
  { method: 'POST', path: /^\/portal\/[^/]+\/connect\/?$/, limit: { maxBytes: () => FORM_MAX_BYTES } },
];
const DEFAULT_LIMIT: Limit = { maxBytes: (config) => config.BODY_MAX_BYTES };

export function bodyLimitFor(method: string, path: string): Limit {
  return ROUTE_LIMITS.find((route) => route.method === method && route.path.test(path))?.limit ?? DEFAULT_LIMIT;
}

const tooLarge = (maxBytes: number) => new AppError(413, `The request body is larger than this route accepts (${maxBytes} bytes)`);

/**
 * The first middleware of the app: no route, authenticated or not, reads more than its limit
 * before answering `413`. Hono's `bodyLimit` trusts a `content-length` (Node stops the body there)
 * and counts a chunked body as it arrives.
 */
export const bodyLimits: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Reads carry no body; asking the request for one would make the Node adapter build a full
  // Fetch Request for every GET (it halved GET /team's throughput in bench:api).
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || !c.req.raw.body) return next();
  const limit = bodyLimitFor(c.req.method, c.req.path);
  const maxBytes = limit.maxBytes(c.var.services.config);
  if (limit.streamed) {
    const declared = Number(c.req.header('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
    return next();
  }
  return bodyLimit({ maxSize: maxBytes, onError: (_c: Context) => Promise.reject(tooLarge(maxBytes)) })(c, next);
};
