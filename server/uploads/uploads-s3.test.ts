import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startS3TestServer } from '../test/s3-test-server';
import { createTestApp } from '../test/test-app';
import { testMedia } from '../test/test-media';
import { purgeDeletedUploadsHandler, cleanUpUnusedUploadsHandler } from './uploads.job-handlers';
import { fetchMedia, uploadForm } from './uploads-test-kit';

// Uploads in a bucket (s3rver on 127.0.0.1): the three ways in, media out by redirect and through
// our route, and the retention jobs working on the bucket.
const s3 = await startS3TestServer();
const redirecting = await createTestApp({ env: { ...s3.env, S3_PREFIX: 'redirecting/', WEBHOOK_ALLOW_PRIVATE: 'true' } });
const proxying = await createTestApp({ env: { ...s3.env, S3_PREFIX: 'proxying/', S3_MEDIA_REDIRECT: 'false', S3_DIRECT_UPLOADS: 'false' } });
const card = await testMedia('link-card-1200x628.png');
const video = await testMedia('vertical-3s.mp4');

const source = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'video/mp4' });
  response.end(video);
});
await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
afterAll(async () => {
  await new Promise<void>((resolve) => source.close(() => resolve()));
  await s3.close();
});

type App = typeof redirecting;

/** Follows our media link the way a browser or a platform would: our route, then the bucket. */
async function download(app: App, url: string, headers: Record<string, string> = {}) {
  const ours = await fetchMedia(app, url, headers);
  if (ours.status !== 302) return ours;
  const location = ours.headers.get('location')!;
  expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true);
  const bucket = await fetch(location, { headers });
  return { status: bucket.status, headers: bucket.headers, bytes: Buffer.from(await bucket.arrayBuffer()) };
}

describe('uploads in an S3-compatible bucket', { timeout: 120_000 }, () => {
  it('takes a form upload, serves it by redirect to a presigned URL, thumbnail included', async () => {
    const { key } = await redirecting.createOrg();
    const created = await uploadForm(redirecting, key, { bytes: card, name: 'card.png' });
    expect(created.status).toBe(200);
    expect(await redirecting.services.storage.stat(created.json.path)).toEqual({ size: card.length });
    const media = await fetchMedia(redirecting, created.json.url);
    expect(media.status).toBe(302);
    expect(media.headers.get('location')).toContain('X-Amz-Signature=');
    expect((await download(redirecting, created.json.url)).bytes.equals(card)).toBe(true);
    const thumbnail = await download(redirecting, created.json.thumbnailUrl);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
  });

  it('takes a file from a URL, with a poster frame for the video', async () => {
    const { key } = await redirecting.createOrg();
    const url = `http://127.0.0.1:${(source.address() as AddressInfo).port}/clip.mp4`;
    const created = await redirecting.request('POST', '/upload/from-url', { key, body: { url } });
    expect(created.status, created.text).toBe(200);
    expect(created.json).toMatchObject({ type: 'video', mime: 'video/mp4', fileSize: video.length });
    expect((await download(redirecting, created.json.url)).bytes.equals(video)).toBe(true);
    expect((await download(redirecting, created.json.thumbnailUrl)).status).toBe(200);
  });

  it('three-step: the PUT goes straight to the bucket, finalize checks the object', async () => {
    const { key } = await redirecting.createOrg();
    const init = () => redirecting.request('POST', '/upload/init', { key, body: { fileName: 'clip.mp4', mimeType: 'video/mp4', fileSize: video.length } });
    const started = await init();
    expect(started.status).toBe(200);
    expect(started.json.url.startsWith(`${s3.endpoint}/${s3.bucket}/redirecting/`)).toBe(true);
    const early = await redirecting.request('POST', '/upload/finalize', { key, body: { path: started.json.path } });
    expect(early.status).toBe(400);
    expect(early.json.message).toContain('Nothing was uploaded');
    expect((await fetch(started.json.url, { method: 'PUT', body: new Uint8Array(video) })).status).toBe(200);
    const done = await redirecting.request('POST', '/upload/finalize', { key, body: { path: started.json.path } });
    expect(done.status, done.text).toBe(200);
    expect(done.json).toMatchObject({ type: 'video', fileSize: video.length });
    expect(done.json.thumbnailUrl).toBeTruthy();
    expect((await download(redirecting, done.json.url)).bytes.equals(video)).toBe(true);

    // A body of another size than declared uses the session up and keeps nothing.
    const short = await init();
    await fetch(short.json.url, { method: 'PUT', body: new Uint8Array(video.subarray(0, 1000)) });
    const refused = await redirecting.request('POST', '/upload/finalize', { key, body: { path: short.json.path } });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain('Received 1000 bytes');
    expect(await redirecting.services.storage.stat(short.json.path)).toBeNull();
    expect((await redirecting.request('POST', '/upload/finalize', { key, body: { path: short.json.path } })).status).toBe(404);
  });

  it('with redirects and direct uploads off, passes bytes and ranges through its own routes', async () => {
    const { key } = await proxying.createOrg();
    const started = await proxying.request('POST', '/upload/init', { key, body: { fileName: 'card.png', mimeType: 'image/png', fileSize: card.length } });
    expect(started.json.url.startsWith(proxying.services.config.publicUrl)).toBe(true);
    const put = await proxying.app.request(new URL(started.json.url).pathname + new URL(started.json.url).search, {
      method: 'PUT',
      body: new Uint8Array(card),
    });
    expect(put.status).toBe(200);
    const done = await proxying.request('POST', '/upload/finalize', { key, body: { path: started.json.path } });
    expect(done.status, done.text).toBe(200);
    const whole = await fetchMedia(proxying, done.json.url);
    expect(whole.status).toBe(200);
    expect(whole.bytes.equals(card)).toBe(true);
    const part = await fetchMedia(proxying, done.json.url, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${card.length}`);
    expect(part.bytes.equals(card.subarray(100, 200))).toBe(true);
  });

  it('retention removes deleted and unused uploads from the bucket', async () => {
    const { key, organizationId } = await redirecting.createOrg();
    const context = { services: redirecting.services, jobId: 'test', attempt: 1 };
    const kept = (await uploadForm(redirecting, key, { bytes: card, name: 'kept.png' })).json;
    const removed = (await uploadForm(redirecting, key, { bytes: card, name: 'removed.png' })).json;
    expect((await redirecting.request('DELETE', `/upload/${removed.id}`, { key })).status).toBe(200);
    const later = (days: number) => ({ now: new Date(Date.now() + days * 86_400_000).toISOString(), organizationId });
    await purgeDeletedUploadsHandler.handle(purgeDeletedUploadsHandler.job.payload.parse(later(3)), context);
    expect(await redirecting.services.storage.stat(removed.path)).toBeNull();
    expect(await redirecting.services.storage.stat(removed.thumbnailPath)).toBeNull();
    expect((await fetchMedia(redirecting, removed.url)).status).toBe(404);
    expect(await redirecting.services.storage.stat(kept.path)).not.toBeNull();
    // Unused uploads go after their retention too (see uploads-retention.test.ts for the rules).
    await cleanUpUnusedUploadsHandler.handle(cleanUpUnusedUploadsHandler.job.payload.parse(later(400)), context);
    await purgeDeletedUploadsHandler.handle(purgeDeletedUploadsHandler.job.payload.parse(later(403)), context);
    expect(await redirecting.services.storage.stat(kept.path)).toBeNull();
  });
});
