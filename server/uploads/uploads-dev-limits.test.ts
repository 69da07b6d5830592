import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { testMedia } from '../test/test-media';
import { describeBytes } from './upload-limits';
import { uploadForm } from './uploads-test-kit';

const media = {
  card: await testMedia('link-card-1200x628.png'),
  square: await testMedia('square-1080.jpg'),
  story: await testMedia('story-1080x1920.jpg'),
  video: await testMedia('vertical-3s.mp4'),
};
// Small limits around the generated files, so size refusals need kilobytes, not gigabytes:
// the square image is just over the image limit but under the simple-flow one, the story image
// is over both, the card image and the video are under them.
const limits = { image: media.square.length - 1, simple: media.square.length + 1, video: 100_000 };

// Development settings: private targets and plain http allowed (WEBHOOK_ALLOW_PRIVATE).
const test = await createTestApp({
  env: {
    WEBHOOK_ALLOW_PRIVATE: 'true',
    UPLOAD_MAX_IMAGE_BYTES: String(limits.image),
    UPLOAD_MAX_VIDEO_BYTES: String(limits.video),
    UPLOAD_MAX_SIMPLE_BYTES: String(limits.simple),
    UPLOAD_FETCH_TIMEOUT_SECONDS: '1',
  },
});

it('the generated media sit where these tests need them around the limits', () => {
  expect(media.card.length).toBeLessThan(limits.image);
  expect(media.video.length).toBeLessThan(limits.simple);
  expect(media.story.length).toBeGreaterThan(limits.simple);
  expect(media.story.length).toBeLessThan(limits.video);
});

let base = '';
const server = http.createServer((request, response) => {
  const send = (status: number, body: Buffer | string, type = 'application/octet-stream') => {
    response.writeHead(status, { 'content-type': type });
    response.end(body);
  };
  switch (request.url) {
    case '/card.png':
      return send(200, media.card, 'image/png');
    case '/mislabelled':
      // The server's Content-Type is not trusted either: the bytes are an MP4.
      return send(200, media.video, 'image/jpeg');
    case '/story.jpg':
      return send(200, media.story, 'image/jpeg');
    case '/huge':
      return send(200, Buffer.alloc(150_000, 1));
    case '/text':
      return send(200, 'just some text\n'.repeat(50), 'text/plain');
    case '/missing':
      return send(404, 'no');
    case '/redirect':
      response.writeHead(302, { location: '/card.png' });
      return response.end();
    case '/loop':
      response.writeHead(302, { location: '/loop' });
      return response.end();
    case '/to-unspecified':
      response.writeHead(302, { location: `http://0.0.0.0:${(server.address() as AddressInfo).port}/card.png` });
      return response.end();
    case '/slow':
      // Headers, then nothing: only the deadline ends it.
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.write(media.story.subarray(0, 100));
      return;
    default:
      return send(404, 'no');
  }
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const fromUrl = async (key: string, url: string, teamId?: string) =>
  test.request('POST', '/upload/from-url', { key, body: teamId ? { url, teamId } : { url } });

describe('upload from URL with private targets allowed for development', () => {
  it('downloads, sniffs and stores the file, keeping its source', async () => {
    const { key, teamId } = await test.createOrg();
    const res = await fromUrl(key, `${base}/card.png`, teamId);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ type: 'image', mime: 'image/png', width: 1200, height: 628, teamId, externalLink: `${base}/card.png` });
    const mislabelled = await fromUrl(key, `${base}/mislabelled`);
    expect(mislabelled.json).toMatchObject({ type: 'video', mime: 'video/mp4', width: 360, height: 640, videoLength: 3 });
  });

  it('follows a redirect, but checks every hop and stops loops', async () => {
    const { key } = await test.createOrg();
    expect((await fromUrl(key, `${base}/redirect`)).json.mime).toBe('image/png');
    const unspecified = await fromUrl(key, `${base}/to-unspecified`);
    expect(unspecified.status).toBe(400);
    expect(unspecified.json.message).toContain('0.0.0.0 is a unspecified address');
    const loop = await fromUrl(key, `${base}/loop`);
    expect(loop.status).toBe(400);
    expect(loop.json.message).toContain('Too many redirects');
  });

  it('refuses failures, non-media and files over the caps', async () => {
    const { key } = await test.createOrg();
    const missing = await fromUrl(key, `${base}/missing`);
    expect([missing.status, missing.json.message]).toEqual([400, 'Could not fetch the file from url: The server answered HTTP 404']);
    expect((await fromUrl(key, `${base}/text`)).json.message).toContain('not a supported format');
    const huge = await fromUrl(key, `${base}/huge`);
    expect(huge.status).toBe(400);
    expect(huge.json.message).toContain('larger than');
    // Under the download cap but over the image limit.
    const story = await fromUrl(key, `${base}/story.jpg`);
    expect(story.status).toBe(413);
    expect(story.json.message).toContain('Images may be at most');
    const slow = await fromUrl(key, `${base}/slow`);
    expect(slow.status).toBe(400);
    expect(slow.json.message).toContain('took longer than 1 s');
    expect((await test.request('GET', '/upload', { key })).json.total).toBe(0);
    expect((await test.request('GET', '/organization/usage/uploads', { key })).json.used).toBe(0);
  });
});

describe('size limits of the simple flow', () => {
  it('refuses an image over the image limit, judged by what the bytes are', async () => {
    const { key } = await test.createOrg();
    // Under the simple-flow limit, over the image limit; named .mp4, but the bytes decide.
    const image = await uploadForm(test, key, { bytes: media.square, name: 'a.mp4' });
    expect(image.status).toBe(413);
    expect(image.json.message).toBe(`Images may be at most ${describeBytes(limits.image)}; this file is ${describeBytes(media.square.length)}`);
    // The video is under the video limit.
    expect((await uploadForm(test, key, { bytes: media.video, name: 'v.mp4' })).status).toBe(200);
    expect((await test.request('GET', '/organization/usage/uploads', { key })).json.used).toBe(1);
  });

  it('sends files over the simple-flow limit to the three-step flow', async () => {
    const { key } = await test.createOrg();
    const res = await uploadForm(test, key, { bytes: media.story, name: 'story.jpg' });
    expect(res.status).toBe(413);
    expect(res.json.message).toContain('must use the three-step flow');
  });

  it('applies the type limits to three-step uploads', async () => {
    const { key } = await test.createOrg();
    const res = await test.request('POST', '/upload/init', { key, body: { fileName: 'a.jpg', mimeType: 'image/jpeg', fileSize: limits.image + 1 } });
    expect(res.status).toBe(413);
    const video = await test.request('POST', '/upload/init', { key, body: { fileName: 'a.mp4', mimeType: 'video/mp4', fileSize: limits.video } });
    expect(video.status).toBe(200);
  });
});
