import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { chooseEncoding, compressBody, type ContentEncoding } from '../http/compression';

const require = createRequire(import.meta.url);
const swaggerDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
};

// A file rather than an inline script, so the page works under the `script-src 'self'` policy.
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/api/v1/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  persistAuthorization: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});
`;

const page = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>API reference · SocialDesk</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css" />
  <style>body { margin: 0 } .topbar { display: none }</style>
</head>
<body>
  <div id="reference"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/swagger-ui-standalone-preset.js"></script>
  <script src="/docs/assets/reference-init.js"></script>
</body>
</html>`;

type Encoded = { identity: Buffer<ArrayBuffer> } & Record<ContentEncoding, Buffer<ArrayBuffer>>;
// swagger-ui's bundle is 1.4 MB: compressed once per process, not on every visit to the reference.
const encodedAssets = new Map<string, Promise<Encoded>>();
const encodedAsset = (file: string) => {
  let encoded = encodedAssets.get(file);
  if (!encoded) {
    encoded = readFile(path.join(swaggerDir, file)).then(async (identity) => {
      const [br, gzip] = await Promise.all([compressBody(identity, 'br'), compressBody(identity, 'gzip')]);
      return { identity, br, gzip };
    });
    // A failed read is tried again by the next visit.
    encoded.catch(() => encodedAssets.delete(file));
    encodedAssets.set(file, encoded);
  }
  return encoded;
};

/** The API reference, served from the installed swagger-ui-dist: it needs no internet access. */
export const docsRouter = new Hono<AppEnv>()
  .get('/', (c) => c.html(page))
  .get('/assets/:file', async (c) => {
    const file = c.req.param('file');
    if (file === 'reference-init.js') return c.body(INIT_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
    const type = ASSETS[file];
    if (!type) return c.json({ statusCode: 404, message: 'Asset not found' }, 404);
    const encoded = await encodedAsset(file);
    const encoding = chooseEncoding(c.req.header('accept-encoding'), ['br', 'gzip']);
    const headers = { 'content-type': type, 'cache-control': 'public, max-age=86400', vary: 'Accept-Encoding' };
    if (!encoding) return c.body(encoded.identity, 200, headers);
    return c.body(encoded[encoding], 200, { ...headers, 'content-encoding': encoding });
  });
