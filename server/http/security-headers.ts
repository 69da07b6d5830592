import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * Headers every response carries, API and dashboard alike. The dashboard is built by Vite into
 * same-origin script files and the API reference loads its scripts from /docs/assets, so scripts
 * come from this origin only. Styles allow inline: the dialog libraries insert `<style>` elements
 * at run time. Pages that set their own policy (the sandbox consent screens) keep it.
 */
function policy(options: { https: boolean }): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Media may live in an S3 bucket; avatars and previews come as data: and blob: URLs.
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    // Browsers ignore HSTS over plain http, and a laptop install must stay reachable without TLS.
    strictTransportSecurity: options.https ? 'max-age=31536000; includeSubDomains' : false,
    // Uploaded media is fetched by platforms and shown by other sites: not same-origin only.
    crossOriginResourcePolicy: false,
    overwrite: false,
  });
}

/**
 * JSON answers are never rendered as a page: they need only what stops them being sniffed,
 * framed or leaking the referrer, and each header costs every request (bench:api).
 */
function apiHeaders(options: { https: boolean }): [string, string][] {
  return [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ...(options.https ? [['strict-transport-security', 'max-age=31536000; includeSubDomains'] as [string, string]] : []),
  ];
}

/**
 * The headers for a path, prepared the cheap way (`prepareHeaders`): the page headers are read
 * once from the library's own middleware, which would write a dozen headers into every finished
 * response; a handler's own value (a consent page's CSP) still wins. API answers get a lean set.
 */
export function securityHeaders(options: { https: boolean }): { ready: Promise<void>; forPath(path: string): readonly [string, string][] } {
  const api = apiHeaders(options);
  let pages: [string, string][] = [];
  const probe = new Hono().use(policy(options)).get('/', (c) => c.body(null, 204));
  const ready = Promise.resolve(probe.request('/')).then((response) => {
    pages = [...response.headers.entries()];
  });
  return { ready, forPath: (path) => (path.startsWith('/api/') ? api : pages) };
}
