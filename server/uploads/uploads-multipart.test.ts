import { afterAll, describe, expect, it } from 'vitest';
import { startS3TestServer } from '../test/s3-test-server';
import { createTestApp } from '../test/test-app';
import { testMedia } from '../test/test-media';
import { fetchMedia, localPath } from './uploads-test-kit';

// The multipart upload (`/upload/multipart/*`) on local disk (parts through our part route) and
// in a bucket (s3rver): parts straight to S3's multipart upload, or through our route when
// direct uploads are off. Parts are 16 KiB here so a small video has several.
const PART = 16 * 1024;
// Bodies of other routes are capped below a part: a part must pass the app's body limit all the same.
const small = { UPLOAD_MULTIPART_PART_BYTES: String(PART), UPLOAD_MAX_VIDEO_BYTES: String(4 * 1024 * 1024), BODY_MAX_BYTES: String(8 * 1024) };
const s3 = await startS3TestServer();
afterAll(() => s3.close());
const disk = await createTestApp({ env: small });
const direct = await createTestApp({ env: { ...s3.env, ...small, S3_PREFIX: 'direct/' } });
const proxied = await createTestApp({ env: { ...s3.env, ...small, S3_PREFIX: 'proxied/', S3_DIRECT_UPLOADS: 'false' } });
const video = await testMedia('landscape-5s.mp4');

type App = typeof disk;
type Part = { partNumber: number; url: string };

/** PUTs one part where its URL points: our app in-process, or the bucket over HTTP. */
async function putPart(app: App, url: string, bytes: Uint8Array) {
  if (url.startsWith(app.config.publicUrl)) {
    const response = await app.app.request(localPath(url), {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array(bytes),
    });
    return { status: response.status, etag: response.headers.get('etag'), json: (await response.json()) as Record<string, unknown> };
  }
  const response = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes) });
  return { status: response.status, etag: response.headers.get('etag'), json: {} };
}

const slice = (bytes: Buffer, partNumber: number, partSize: number) => bytes.subarray((partNumber - 1) * partSize, partNumber * partSize);

async function init(app: App, key: string, body: Record<string, unknown> = {}) {
  return app.request('POST', '/upload/multipart/init', { key, body: { fileName: 'clip.mp4', mimeType: 'video/mp4', fileSize: video.length, ...body } });
}

/** Sends every part of `bytes` and answers the part list for complete. */
async function sendAll(app: App, parts: Part[], partSize: number, bytes = video) {
  const sent: { partNumber: number; etag: string }[] = [];
  // Out of order on purpose: complete puts them in order by number.
  for (const part of [...parts].reverse()) {
    const put = await putPart(app, part.url, slice(bytes, part.partNumber, partSize));
    expect(put.status).toBe(200);
    expect(put.etag).toMatch(/^"[0-9a-f]{32}"$/);
    sent.unshift({ partNumber: part.partNumber, etag: put.etag! });
  }
  return sent;
}

describe.each([
  ['local disk', disk],
  ['a bucket, parts straight to S3', direct],
  ['a bucket, parts through our route', proxied],
])('multipart upload on %s', (_name, app) => {
  it('init, parts in any order, complete: a probed video; complete again is the same upload', async () => {
    const { key, teamId } = await app.createOrg();
    const started = await init(app, key, { teamId });
    expect(started.status, started.text).toBe(200);
    const expectedParts = Math.ceil(video.length / PART);
    expect(expectedParts).toBeGreaterThan(1);
    expect(started.json).toMatchObject({ partSize: PART, path: expect.any(String), uploadId: expect.any(String) });
    expect(started.json.parts.map((part: Part) => part.partNumber)).toEqual(Array.from({ length: expectedParts }, (_, index) => index + 1));
    if (app === direct) expect(started.json.parts[0].url.startsWith(`${s3.endpoint}/${s3.bucket}/direct/`)).toBe(true);
    else expect(started.json.parts[0].url.startsWith(`${app.config.publicUrl}/uploads/part/`)).toBe(true);

    const parts = await sendAll(app, started.json.parts, PART);
    const body = { teamId, path: started.json.path, uploadId: started.json.uploadId, parts };
    const done = await app.request('POST', '/upload/multipart/complete', { key, body });
    expect(done.status, done.text).toBe(200);
    expect(done.json).toMatchObject({ type: 'video', mime: 'video/mp4', width: 640, height: 360, videoLength: 5, fileSize: video.length, teamId });
    expect(done.json.thumbnailUrl).toBeTruthy();
    const served = await fetchMedia(app, done.json.url);
    const bytes = served.status === 302 ? Buffer.from(await (await fetch(served.headers.get('location')!)).arrayBuffer()) : served.bytes;
    expect(bytes.equals(video)).toBe(true);

    const again = await app.request('POST', '/upload/multipart/complete', { key, body });
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(done.json.id);
    expect((await app.request('GET', '/organization/usage/uploads', { key })).json.used).toBe(1);
    // Done: the parts are gone and the session takes no more.
    if (app !== direct) expect(await app.services.storage.stat(`multipart/${started.json.uploadId}/1`)).toBeNull();
    const late = await app.request('POST', '/upload/multipart/abort', { key, body: { path: started.json.path, uploadId: started.json.uploadId } });
    expect(late.status).toBe(409);
  });

  it('parts that add up to more than declared: 413 and the session is gone', async () => {
    const { key } = await app.createOrg();
    const declared = PART + 1000;
    const started = await init(app, key, { fileSize: declared });
    expect(started.status).toBe(200);
    expect(started.json.parts).toHaveLength(2);
    const first = await putPart(app, started.json.parts[0].url, video.subarray(0, PART));
    // The last part may be at most a part long, but here it is longer than the 1000 bytes left.
    const second = await putPart(app, started.json.parts[1].url, video.subarray(PART, PART + 5000));
    const body = {
      path: started.json.path,
      uploadId: started.json.uploadId,
      parts: [
        { partNumber: 1, etag: first.etag! },
        { partNumber: 2, etag: second.etag! },
      ],
    };
    const done = await app.request('POST', '/upload/multipart/complete', { key, body });
    expect(done.status, done.text).toBe(413);
    expect(done.json.message).toContain('declared');
    expect(await app.services.storage.stat(started.json.path)).toBeNull();
    expect((await app.request('POST', '/upload/multipart/complete', { key, body })).status).toBe(404);
    expect((await app.request('GET', '/upload', { key })).json.total).toBe(0);
  });

  it('a file that is not what it claims: refused at complete like any upload', async () => {
    const { key } = await app.createOrg();
    const junk = Buffer.alloc(PART + 10, 7);
    const started = await init(app, key, { fileSize: junk.length });
    const parts = await sendAll(app, started.json.parts, PART, junk);
    const done = await app.request('POST', '/upload/multipart/complete', { key, body: { path: started.json.path, uploadId: started.json.uploadId, parts } });
    expect(done.status).toBe(400);
    expect((await app.request('GET', '/upload', { key })).json.total).toBe(0);
    if (app !== direct) expect(await app.services.storage.stat(`multipart/${started.json.uploadId}/1`)).toBeNull();
  });

  it('abort removes the parts and ends the session; another organization sees none of it', async () => {
    const { key } = await app.createOrg();
    const other = await app.createOrg();
    const started = await init(app, key);
    const ref = { path: started.json.path, uploadId: started.json.uploadId };
    const put = await putPart(app, started.json.parts[0].url, slice(video, 1, PART));
    expect(put.status).toBe(200);
    for (const [path, body] of [
      ['/upload/multipart/sign', { ...ref, partNumbers: [1] }],
      ['/upload/multipart/complete', { ...ref, parts: [{ partNumber: 1, etag: put.etag }] }],
      ['/upload/multipart/abort', ref],
    ] as const) {
      const foreign = await app.request('POST', path, { key: other.key, body });
      expect(foreign.status, path).toBe(404);
      expect(foreign.json).toMatchObject({ statusCode: 404, message: expect.any(String) });
    }
    const aborted = await app.request('POST', '/upload/multipart/abort', { key, body: ref });
    expect(aborted.status).toBe(200);
    expect(aborted.json).toEqual({ success: true });
    if (app !== direct) {
      expect(await app.services.storage.stat(`multipart/${started.json.uploadId}/1`)).toBeNull();
      expect((await putPart(app, started.json.parts[1].url, slice(video, 2, PART))).status).toBe(404);
    }
    expect((await app.request('POST', '/upload/multipart/abort', { key, body: ref })).status).toBe(404);
    expect((await app.request('POST', '/upload/multipart/sign', { key, body: { ...ref, partNumbers: [1] } })).status).toBe(404);
  });
});

describe('multipart upload checks', () => {
  it('refuses a file over the size limit at init, and bad bodies with the error envelope', async () => {
    const { key } = await disk.createOrg();
    const tooBig = await init(disk, key, { fileSize: 4 * 1024 * 1024 + 1 });
    expect(tooBig.status).toBe(413);
    expect(tooBig.json).toMatchObject({ statusCode: 413, message: expect.stringContaining('at most') });
    const bad = await disk.request('POST', '/upload/multipart/init', { key, body: { fileName: 'x.mp4', mimeType: 'video/webm', fileSize: 10 } });
    expect(bad.status).toBe(400);
    expect(bad.json.issues[0]).toMatchObject({ code: 'invalid_enum_value', path: ['mimeType'] });
    const noParts = await disk.request('POST', '/upload/multipart/complete', { key, body: { path: 'x', uploadId: 'y', parts: [] } });
    expect(noParts.status).toBe(400);
    expect(noParts.json.issues[0]).toMatchObject({ code: 'too_small', path: ['parts'] });
  });

  it('a bad part: wrong ETag or a missing part is a 400 that keeps the parts; fixed, complete works', async () => {
    const { key } = await disk.createOrg();
    const started = await init(disk, key);
    const ref = { path: started.json.path, uploadId: started.json.uploadId };
    const parts = await sendAll(disk, started.json.parts, PART);
    const wrongTag = parts.map((part, index) => (index === 1 ? { ...part, etag: '"0123456789abcdef0123456789abcdef"' } : part));
    const refused = await disk.request('POST', '/upload/multipart/complete', { key, body: { ...ref, parts: wrongTag } });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain('Part 2');
    const missing = await disk.request('POST', '/upload/multipart/complete', { key, body: { ...ref, parts: parts.slice(1) } });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toContain('every part');

    // A part larger than the part size is refused as it arrives.
    const oversize = await putPart(disk, started.json.parts[0].url, Buffer.alloc(PART + 1));
    expect(oversize.status).toBe(413);
    // A tampered URL is refused; fresh URLs from sign work.
    const tampered = started.json.parts[0].url.replace(/signature=[^&]+/, 'signature=forged');
    expect((await putPart(disk, tampered, slice(video, 1, PART))).status).toBe(403);
    const signed = await disk.request('POST', '/upload/multipart/sign', { key, body: { ...ref, partNumbers: [1] } });
    expect(signed.status).toBe(200);
    expect(signed.json.parts).toHaveLength(1);
    const resent = await putPart(disk, signed.json.parts[0].url, slice(video, 1, PART));
    expect(resent.etag).toBe(parts[0]!.etag);
    const outside = await disk.request('POST', '/upload/multipart/sign', { key, body: { ...ref, partNumbers: [99] } });
    expect(outside.status).toBe(400);

    const done = await disk.request('POST', '/upload/multipart/complete', { key, body: { ...ref, parts } });
    expect(done.status, done.text).toBe(200);
    expect(done.json).toMatchObject({ type: 'video', fileSize: video.length });
  });

  it('works through the published client', async () => {
    const { key } = await disk.createOrg();
    const client = await disk.bundlesocial(key);
    const started = await client.upload.uploadInitMultipartUpload({ requestBody: { fileName: 'clip.mp4', mimeType: 'video/mp4', fileSize: video.length } });
    const parts = await sendAll(disk, started.parts, started.partSize);
    const resigned = await client.upload.uploadSignMultipartParts({ requestBody: { path: started.path, uploadId: started.uploadId, partNumbers: [2] } });
    expect(resigned.parts.map((part) => part.partNumber)).toEqual([2]);
    const upload = await client.upload.uploadCompleteMultipartUpload({ requestBody: { path: started.path, uploadId: started.uploadId, parts } });
    expect(upload).toMatchObject({ type: 'video', fileSize: video.length });
    const next = await client.upload.uploadInitMultipartUpload({ requestBody: { fileName: 'b.mp4', mimeType: 'video/mp4', fileSize: 10 } });
    expect(await client.upload.uploadAbortMultipartUpload({ requestBody: { path: next.path, uploadId: next.uploadId } })).toEqual({ success: true });
  });
});
