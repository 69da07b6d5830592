import { readdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { mountSmallDisk, smallDiskUnavailable } from '../test/small-disk';
import { testMedia } from '../test/test-media';
import { fetchMedia, putBytes, uploadForm } from './uploads-test-kit';

/**
 * Uploads on a disk that really fills: storage on an 8 MB tmpfs of its own, so writes fail with
 * the kernel's ENOSPC. MIN_FREE_DISK_MB=1 keeps the admission check (decision 068) out of the
 * way of the write paths, except where a test is about it.
 */
const disk = smallDiskUnavailable ? undefined : mountSmallDisk(8);
afterAll(() => disk?.unmount());
const test = await createTestApp({ env: disk ? { STORAGE_DIR: disk.dir, MIN_FREE_DISK_MB: '1', WEBHOOK_ALLOW_PRIVATE: 'true' } : {} });
const NEARLY_FULL = 1.2 * 1024 * 1024;

/** Every file on the upload disk but the filler: scratch files, stored uploads, thumbnails. */
async function filesOnDisk(): Promise<string[]> {
  const entries = await readdir(disk!.dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name !== 'filler')
    .map((entry) => entry.name)
    .sort();
}

/** No file more than `before` (the uploads of earlier tests stay), and no upload counted for the organization. */
async function expectNothingKept(key: string, before: string[]) {
  expect(await filesOnDisk()).toEqual(before);
  expect((await test.request('GET', '/upload', { key })).json.total).toBe(0);
  expect((await test.request('GET', '/organization/usage/uploads', { key })).json.used).toBe(0);
}

function expectInsufficientStorage(response: { status: number; json: { statusCode: number; message: string } }, message: RegExp) {
  expect(response.status).toBe(507);
  expect(response.json).toEqual({ statusCode: 507, message: expect.stringMatching(message) });
}

/**
 * A multipart body sent in small pieces with pauses, as a client on a real network sends it (no
 * Content-Length). `afterHeaders` runs once the part's headers are out (the request is past its
 * checks by then). The pieces are small enough to be buffered at once, so the disk's refusal
 * comes while the server waits for the next piece, not during a write it awaits.
 */
function slowMultipart(file: Buffer, name: string, type: string, afterHeaders: () => Promise<void>) {
  const boundary = 'disk-full-boundary';
  const piece = 1024;
  const parts = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    ...Array.from({ length: Math.ceil(file.length / piece) }, (_, index) => file.subarray(index * piece, (index + 1) * piece)),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ];
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent === 1) await afterHeaders();
      const next = parts[sent++];
      if (!next) return controller.close();
      await new Promise((resolve) => setTimeout(resolve, 10));
      controller.enqueue(new Uint8Array(next));
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.skipIf(smallDiskUnavailable)('uploads on a full disk', () => {
  afterEach(() => disk!.release());

  it('multipart: the write that fills the disk answers 507, its scratch file is removed, no upload row; the same file goes in once space is freed', async () => {
    const { key } = await test.createOrg();
    const bytes = await testMedia('noise-700.png');
    await disk!.fill(NEARLY_FULL);
    const before = await filesOnDisk();

    const full = await uploadForm(test, key, { bytes, name: 'noise.png', type: 'image/png' });
    expectInsufficientStorage(full, /out of disk space/);
    expect(full.headers.get('retry-after')).toBe('60');
    await expectNothingKept(key, before);

    await disk!.release();
    const freed = await uploadForm(test, key, { bytes, name: 'noise.png', type: 'image/png' });
    expect(freed.status).toBe(200);
    expect(freed.json).toMatchObject({ width: 700, height: 700, fileSize: bytes.length });
  });

  it('multipart sent slowly: a write that fails between two pieces of the body ends the request (it used to wait forever)', async () => {
    const { key } = await test.createOrg();
    const before = await filesOnDisk();
    const { body, contentType } = slowMultipart(await testMedia('square-1080.jpg'), 'square.jpg', 'image/jpeg', () => disk!.fill(0));
    const response = await test.app.request('/api/v1/upload/create', {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': contentType },
      body,
      duplex: 'half',
    } as RequestInit);
    expectInsufficientStorage({ status: response.status, json: await response.json() }, /out of disk space/);
    await expectNothingKept(key, before);
  });

  it('multipart announced larger than the room left: refused before a byte is written', async () => {
    const { key } = await test.createOrg();
    const bytes = await testMedia('noise-700.png');
    // 2 MB free, 1 MB of it kept free: a 1.4 MB file does not fit.
    await disk!.fill(2 * 1024 * 1024);
    const before = await filesOnDisk();
    const form = new FormData();
    form.append('file', new File([new Uint8Array(bytes)], 'noise.png', { type: 'image/png' }));
    const request = new Request('http://localhost/api/v1/upload/create', { method: 'POST', body: form });
    const encoded = new Uint8Array(await request.arrayBuffer());
    const response = await test.app.request('/api/v1/upload/create', {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': request.headers.get('content-type')!, 'content-length': String(encoded.length) },
      body: encoded,
    });
    expectInsufficientStorage({ status: response.status, json: await response.json() }, /not have enough free disk space for this file \(1\.\d MB\)/);
    await expectNothingKept(key, before);
  });

  it('three-step: a PUT that fills the disk answers 507 and ends its session with nothing kept; init, PUT and finalize work again once space is freed', async () => {
    const { key } = await test.createOrg();
    const bytes = await testMedia('noise-700.png');
    const init = () => test.request('POST', '/upload/init', { key, body: { fileName: 'noise.png', mimeType: 'image/png', fileSize: bytes.length } });
    const started = await init();
    expect(started.status).toBe(200);
    await disk!.fill(NEARLY_FULL);
    const before = await filesOnDisk();

    const put = await putBytes(test, started.json.url, bytes);
    expectInsufficientStorage(put, /ran out of disk space while receiving the file.*start again with \/upload\/init/);
    expect((await putBytes(test, started.json.url, bytes)).status).toBe(409);
    const finalize = await test.request('POST', '/upload/finalize', { key, body: { path: started.json.path } });
    expect(finalize.status).toBe(404);
    await expectNothingKept(key, before);

    await disk!.release();
    const again = await init();
    expect((await putBytes(test, again.json.url, bytes)).status).toBe(200);
    expect((await test.request('POST', '/upload/finalize', { key, body: { path: again.json.path } })).status).toBe(200);
  });

  it('three-step: init declaring more than the room left is refused at once', async () => {
    const { key } = await test.createOrg();
    const declared = 7.5 * 1024 * 1024;
    const started = await test.request('POST', '/upload/init', { key, body: { fileName: 'big.mp4', mimeType: 'video/mp4', fileSize: declared } });
    expectInsufficientStorage(started, /not have enough free disk space for this file \(7\.5 MB\)/);
    // No session was opened: nothing is reserved.
    expect((await test.request('POST', '/upload/init', { key, body: { fileName: 'a.jpg', mimeType: 'image/jpeg', fileSize: 1000 } })).status).toBe(200);
  });

  it.each([
    ['square-1080.jpg', 'image/jpeg', { width: 1080, height: 1080 }],
    ['landscape-5s.mp4', 'video/mp4', { width: 640, height: 360, videoLength: 5 }],
  ] as const)(
    'three-step: a finalize of %s whose thumbnail does not fit answers 507 and keeps the received file, so it can be repeated',
    async (name, mimeType, facts) => {
      const { key } = await test.createOrg();
      const bytes = await testMedia(name);
      const started = await test.request('POST', '/upload/init', { key, body: { fileName: name, mimeType, fileSize: bytes.length } });
      expect((await putBytes(test, started.json.url, bytes)).status).toBe(200);
      await disk!.fill(0);
      const received = await filesOnDisk();

      const full = await test.request('POST', '/upload/finalize', { key, body: { path: started.json.path } });
      // Not "the file is damaged": the thumbnail's write failed, not its decoding.
      expectInsufficientStorage(full, /out of disk space/);
      expect(received).toContain(started.json.path.split('/')[1]);
      expect(await filesOnDisk()).toEqual(received);

      await disk!.release();
      const done = await test.request('POST', '/upload/finalize', { key, body: { path: started.json.path } });
      expect(done.status).toBe(200);
      expect(done.json).toMatchObject(facts);
      expect((await fetchMedia(test, done.json.thumbnailUrl)).status).toBe(200);
    },
  );

  it('from-url: a download that fills the disk answers 507 with nothing kept; the same URL works once space is freed', async () => {
    const { key } = await test.createOrg();
    const bytes = await testMedia('noise-700.png');
    const server = http.createServer((_request, response) => response.end(bytes));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/noise.png`;
      await disk!.fill(NEARLY_FULL);
      const before = await filesOnDisk();
      const full = await test.request('POST', '/upload/from-url', { key, body: { url } });
      expectInsufficientStorage(full, /out of disk space/);
      await expectNothingKept(key, before);

      await disk!.release();
      const freed = await test.request('POST', '/upload/from-url', { key, body: { url } });
      expect(freed.status).toBe(200);
      expect(freed.json).toMatchObject({ width: 700, height: 700, externalLink: url });
    } finally {
      server.close();
    }
  });
});
