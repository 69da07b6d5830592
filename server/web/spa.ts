import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { chooseEncoding, type ContentEncoding } from '../http/compression';
import { SESSION_COOKIE } from '../auth/credentials';
import { dashboardDocument } from './dashboard-document';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

// The build writes these beside each script and style (web/build/precompress.ts), best first.
const VARIANTS: { encoding: ContentEncoding; suffix: string }[] = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
];

/**
 * The built dashboard: hashed assets cached for a year and sent in the brotli or gzip copy the build
 * made; every other path answered by index.html, completed with what that page will ask for first.
 */
export function spaRouter(distDir = WEB_DIST) {
  const router = new Hono<AppEnv>();
  const document = dashboardDocument(distDir);
  router.get('*', async (c) => {
    // Unknown API paths are API 404s, never the dashboard's HTML.
    if (c.req.path.startsWith('/api/')) return c.notFound();
    if (!existsSync(path.join(distDir, 'index.html'))) {
      return c.text('The dashboard is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    const requested = path.normalize(decodeURIComponent(c.req.path)).replace(/^([/\\])+/, '');
    const file = path.join(distDir, requested);
    if (file.startsWith(distDir + path.sep) && (await isFile(file))) {
      const immutable = requested.startsWith('assets/');
      const headers: Record<string, string> = {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      };
      const variants = await availableVariants(file);
      if (variants.length === 0) return c.body(await readFile(file), 200, headers);
      headers.vary = 'Accept-Encoding';
      const chosen = variants.find(
        (variant) =>
          variant.encoding ===
          chooseEncoding(
            c.req.header('accept-encoding'),
            variants.map((v) => v.encoding),
          ),
      );
      if (!chosen) return c.body(await readFile(file), 200, headers);
      return c.body(await readFile(file + chosen.suffix), 200, { ...headers, 'content-encoding': chosen.encoding });
    }
    // Compressed on the way out by the app's compressAnswers, like any other page.
    const signedIn = !!c.req.header('cookie')?.includes(SESSION_COOKIE);
    return c.html(await document(c.req.path, { signedIn }), 200, { 'cache-control': 'no-cache' });
  });
  return router;
}

async function availableVariants(file: string) {
  const found = await Promise.all(VARIANTS.map(async (variant) => ((await isFile(file + variant.suffix)) ? variant : null)));
  return found.filter((variant) => variant !== null);
}

async function isFile(file: string) {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
