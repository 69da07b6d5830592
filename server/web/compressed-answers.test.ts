import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestApp } from '../test/test-app';
import { precompressFiles } from '../../web/build/precompress';

const t = await createTestApp();

// A built dashboard in miniature: index.html, a hashed entry and a page chunk with its Vite manifest,
// compressed by the same build step `vite build` runs.
const distDir = mkdtempSync(path.join(tmpdir(), 'compressed-answers-'));
const script = (name: string) => `export const ${name} = ${JSON.stringify('a readable line of the dashboard. '.repeat(200))};\n`;
mkdirSync(path.join(distDir, 'assets'));
mkdirSync(path.join(distDir, '.vite'));
writeFileSync(
  path.join(distDir, 'index.html'),
  '<!doctype html>\n<html>\n  <head>\n    <script type="module" src="/assets/index-Ab12Cd34.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
);
writeFileSync(path.join(distDir, 'assets/index-Ab12Cd34.js'), script('entry'));
writeFileSync(path.join(distDir, 'assets/posts.lazy-Ef56Gh78.js'), script('posts'));
writeFileSync(path.join(distDir, 'assets/tiny-Ij90Kl12.js'), 'export {};\n');
writeFileSync(
  path.join(distDir, '.vite/manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-Ab12Cd34.js', src: 'index.html', isEntry: true },
    'src/routes/posts.lazy.tsx': { file: 'assets/posts.lazy-Ef56Gh78.js', src: 'src/routes/posts.lazy.tsx', isDynamicEntry: true, imports: ['index.html'] },
  }),
);
await precompressFiles(distDir, ['assets/index-Ab12Cd34.js', 'assets/posts.lazy-Ef56Gh78.js', 'assets/tiny-Ij90Kl12.js']);

const server = serve({ fetch: createApp(t.services, { dashboardDir: distDir }).fetch, hostname: '127.0.0.1', port: 0 });
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const { port } = server.address() as AddressInfo;
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(distDir, { recursive: true, force: true });
});

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A request over real HTTP, its body as sent on the wire (fetch would decompress it unseen). */
function get(urlPath: string, headers: Record<string, string> = {}, { firstChunkOnly = false } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: urlPath, headers }, (response) => {
      const chunks: Buffer[] = [];
      const done = () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) });
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        // A stream never ends by itself: its first message is enough.
        if (firstChunkOnly) {
          response.destroy();
          done();
        }
      });
      response.on('end', done);
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const decoded = (answer: RawAnswer) =>
  answer.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(answer.body).toString('utf8')
    : answer.headers['content-encoding'] === 'gzip'
      ? gunzipSync(answer.body).toString('utf8')
      : answer.body.toString('utf8');

describe('compressed answers', () => {
  it("sends the build's brotli or gzip copy of a hashed asset by Accept-Encoding, cached for a year", async () => {
    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.length).toBeLessThan(plain.body.length / 10);
    expect(decoded(br)).toBe(plain.body.toString('utf8'));

    const gzip = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(plain.body.toString('utf8'));

    // Too small to gain from compression: the build made no copy, the file goes as it is.
    const tiny = await get('/assets/tiny-Ij90Kl12.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString('utf8')).toBe('export {};\n');
  });

  it('answers every page with index.html, not cached, preloading the chunk of the page asked for', async () => {
    const page = await get('/posts?team=team_1', { 'accept-encoding': 'br' });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    const html = decoded(page);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/posts.lazy-Ef56Gh78.js" />');
    // The entry is in the page already; the signed-out visitor is not sent the session's preloads.
    expect(html).not.toContain('modulepreload crossorigin href="/assets/index-Ab12Cd34.js"');
    expect(html).not.toContain('/api/v1/auth/session');

    const signedIn = decoded(await get('/calendar', { cookie: 'sd_session=whatever' }));
    expect(signedIn).toContain('<link rel="preload" as="fetch" href="/api/v1/auth/session" crossorigin />');
    expect(signedIn).not.toContain('modulepreload');
  });

  it('compresses JSON answers above a kilobyte, never small ones or the event stream', async () => {
    const spec = await get('/api/v1/openapi.json', { 'accept-encoding': 'br, gzip' });
    expect(spec.status).toBe(200);
    expect(spec.headers['content-encoding']).toBe('br');
    expect(spec.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(decoded(spec))).toMatchObject({ info: { title: 'SocialDesk API' } });
    const specGzip = await get('/api/v1/openapi.json', { 'accept-encoding': 'gzip' });
    expect(specGzip.headers['content-encoding']).toBe('gzip');
    expect(specGzip.body.length).toBeLessThan(spec.body.length * 2);
    const specPlain = await get('/api/v1/openapi.json', { 'accept-encoding': 'identity' });
    expect(specPlain.headers['content-encoding']).toBeUndefined();
    expect(spec.body.length).toBeLessThan(specPlain.body.length / 5);

    const org = await t.createOrg();
    const small = await get(`/api/v1/post?teamId=${org.teamId}`, { 'x-api-key': org.key, 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(decoded(small))).toMatchObject({ items: [], total: 0 });

    // Errors are JSON too: the envelope arrives intact either way.
    const missing = await get('/api/v1/team/team_nope', { 'x-api-key': org.key, 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(JSON.parse(decoded(missing))).toMatchObject({ statusCode: 404 });

    const stream = await get('/api/v1/events/stream', { 'x-api-key': org.key, 'accept-encoding': 'br, gzip' }, { firstChunkOnly: true });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.body.toString('utf8')).toContain('event: ready');
  });

  it('sends the API reference compressed', async () => {
    const bundle = await get('/docs/assets/swagger-ui-bundle.js', { 'accept-encoding': 'br, gzip' });
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-encoding']).toBe('br');
    expect(bundle.body.length).toBeLessThan(600 * 1024);
    expect(decoded(bundle)).toContain('SwaggerUIBundle');
    const page = await get('/docs', { 'accept-encoding': 'gzip' });
    expect(decoded(page)).toContain('swagger-ui-bundle.js');
  });
});
