import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { testMedia, type TestMediaName } from '../test/test-media';
import { putBytes, uploadForm } from './uploads-test-kit';

// Private targets allowed so `from-url` can fetch from a server of this test on 127.0.0.1.
const test = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });

const truncatedJpeg = (await testMedia('square-1080.jpg')).subarray(0, 12_000);
const damaged: { name: string; bytes: Buffer; mime: string; message: RegExp }[] = [
  {
    name: 'truncated.png',
    bytes: await testMedia('truncated.png'),
    mime: 'image/png',
    message: /^The image cannot be decoded \(the file is damaged or incomplete\)/,
  },
  { name: 'truncated.jpg', bytes: truncatedJpeg, mime: 'image/jpeg', message: /^The image cannot be decoded \(the file is damaged or incomplete\)/ },
  {
    name: 'truncated.mp4',
    bytes: await testMedia('truncated.mp4'),
    mime: 'video/mp4',
    message: /^The video cannot be read \(the file is damaged or incomplete\)/,
  },
  {
    name: 'pixel-bomb-16k.png',
    bytes: await testMedia('pixel-bomb-16k.png'),
    mime: 'image/png',
    message: /^The image is 16384×16384 pixels \(268\.4 megapixels\); at most 100 megapixels are accepted/,
  },
];

const files = new Map(damaged.map((file) => [`/${file.name}`, file.bytes]));
const server = http.createServer((request, response) => {
  const bytes = files.get(request.url ?? '');
  response.writeHead(bytes ? 200 : 404, { 'content-type': 'application/octet-stream' });
  response.end(bytes ?? 'no');
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function nothingKept(key: string) {
  expect((await test.request('GET', '/upload', { key })).json.total).toBe(0);
  expect((await test.request('GET', '/organization/usage/uploads', { key })).json.used).toBe(0);
}

describe('files that cannot be decoded are refused with 400, never 500', () => {
  it('the test files are what they claim: a valid start, then damage', async () => {
    const name: TestMediaName = 'truncated.png';
    const png = await testMedia(name);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect((await testMedia('pixel-bomb-16k.png')).length).toBeLessThan(1024 * 1024);
  });

  for (const file of damaged) {
    it(`POST /upload/create: ${file.name}`, async () => {
      const { key } = await test.createOrg();
      const res = await uploadForm(test, key, { bytes: file.bytes, name: file.name, type: file.mime });
      expect(res.status).toBe(400);
      expect(res.json.statusCode).toBe(400);
      expect(res.json.message).toMatch(file.message);
      await nothingKept(key);
    });

    it(`init, PUT, finalize: ${file.name}`, async () => {
      const { key } = await test.createOrg();
      const started = await test.request('POST', '/upload/init', { key, body: { fileName: file.name, mimeType: file.mime, fileSize: file.bytes.length } });
      expect(started.status).toBe(200);
      expect((await putBytes(test, started.json.url, file.bytes)).status).toBe(200);
      const res = await test.request('POST', '/upload/finalize', { key, body: { path: started.json.path } });
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(file.message);
      // Refused content is not kept: the session is gone with its bytes.
      expect((await test.request('POST', '/upload/finalize', { key, body: { path: started.json.path } })).status).toBe(404);
      expect(await test.services.storage.stat(started.json.path)).toBeNull();
      await nothingKept(key);
    });

    it(`POST /upload/from-url: ${file.name}`, async () => {
      const { key } = await test.createOrg();
      const res = await test.request('POST', '/upload/from-url', { key, body: { url: `${base}/${file.name}` } });
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(file.message);
      await nothingKept(key);
    });
  }
});
