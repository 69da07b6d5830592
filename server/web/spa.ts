import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import type { AppEnv } from '../context';

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

/** The built dashboard: hashed assets cached for a year, every other path answered by index.html. */
export function spaRouter(distDir = WEB_DIST) {
  const router = new Hono<AppEnv>();
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
      return c.body(await readFile(file), 200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
    }
    return c.body(await readFile(path.join(distDir, 'index.html')), 200, {
      'content-type': TYPES['.html']!,
      'cache-control': 'no-cache',
    });
  });
  return router;
}

async function isFile(file: string) {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
