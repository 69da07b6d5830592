import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

export type ContentEncoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to answer with among those available (in the server's order of preference), or null
 * for identity. `q=0` refuses an encoding; `*` stands for every encoding not named.
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly ContentEncoding[]): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: { encoding: ContentEncoding; weight: number } | null = null;
  for (const encoding of available) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > 0 && (!best || weight > best.weight)) best = { encoding, weight };
  }
  return best?.encoding ?? null;
}

/**
 * Compresses once-off answers. The level is a trade: brotli 11 (what the build uses for the
 * dashboard's files) takes about a second per megabyte, far too slow per request; 5 keeps most of
 * the gain at a few milliseconds for a large JSON list.
 */
export async function compressBody(body: Uint8Array, encoding: ContentEncoding, level: 'request' | 'build' = 'request'): Promise<Buffer<ArrayBuffer>> {
  // zlib's output is its own buffer, never shared memory (its types just do not say so).
  return (await compressed(body, encoding, level)) as Buffer<ArrayBuffer>;
}

function compressed(body: Uint8Array, encoding: ContentEncoding, level: 'request' | 'build') {
  if (encoding === 'br') {
    return brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: level === 'build' ? constants.BROTLI_MAX_QUALITY : 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
  }
  return gzipAsync(body, { level: level === 'build' ? constants.Z_BEST_COMPRESSION : 6 });
}

/** Adds Accept-Encoding to Vary without repeating it. */
export function varyOnEncoding(headers: Headers) {
  const current = headers.get('vary');
  if (current === '*' || (current && /(^|,)\s*accept-encoding\s*(,|$)/i.test(current))) return;
  headers.set('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

// Answers this server builds whole in memory (JSON, pages, scripts and styles). Anything else passes
// untouched: the live event stream (`text/event-stream`) must flush event by event, and media
// (images, video) is compressed already.
const COMPRESSIBLE = /^\s*(application\/(json|javascript|xml)|[^;\s]+\+json|text\/(html|javascript|css|plain|xml)|image\/svg\+xml)\s*(;|$)/i;
// Below about a kilobyte the encoding's headers and a round of CPU cost more than the bytes saved.
const DEFAULT_THRESHOLD_BYTES = 1024;

/** Compresses the app's answers above a threshold with brotli or gzip, by the request's Accept-Encoding. */
export function compressAnswers({ thresholdBytes = DEFAULT_THRESHOLD_BYTES } = {}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || !res.body || res.status === 206 || res.headers.has('content-encoding')) return;
    if (!COMPRESSIBLE.test(res.headers.get('content-type') ?? '')) return;
    if (/(^|,)\s*no-transform\s*(,|$)/i.test(res.headers.get('cache-control') ?? '')) return;
    varyOnEncoding(res.headers);
    const encoding = chooseEncoding(c.req.header('accept-encoding'), ['br', 'gzip']);
    if (!encoding) return;
    const declaredLength = Number(res.headers.get('content-length') ?? Number.NaN);
    if (declaredLength < thresholdBytes) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const compressed = body.byteLength < thresholdBytes ? null : await compressBody(body, encoding);
    c.res = new Response(compressed ?? body, { status: res.status, statusText: res.statusText, headers: res.headers });
    if (!compressed) return;
    // Set after the assignment: Hono copies the previous answer's headers onto the new one.
    c.res.headers.set('content-encoding', encoding);
    c.res.headers.delete('content-length');
    const etag = c.res.headers.get('etag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('etag', `W/${etag}`);
  };
}
