import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { testMedia } from '../test/test-media';
import { fetchMedia, putBytes, uploadForm } from './uploads-test-kit';

const test = await createTestApp();
// An index cap below any real `moov`: every MP4 goes to ffprobe, as a huge-index one would.
const viaFfprobe = await createTestApp({ env: { UPLOAD_MP4_MAX_INDEX_BYTES: '256' } });

type App = typeof test;

async function thumbnailOf(app: App, upload: { thumbnailUrl: string | null; thumbnailPath: string | null }) {
  expect(upload.thumbnailUrl).toEqual(expect.stringContaining('/media/'));
  const served = await fetchMedia(app, upload.thumbnailUrl!);
  expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
  const meta = await sharp(served.bytes).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
}

describe('video uploads get a poster frame and their metadata', () => {
  it('POST /upload/create: a vertical and a landscape MP4', async () => {
    const { key } = await test.createOrg();
    const vertical = await uploadForm(test, key, { bytes: await testMedia('vertical-3s.mp4'), name: 'v.mp4' });
    expect(vertical.status).toBe(200);
    expect(vertical.json).toMatchObject({ type: 'video', width: 360, height: 640, videoLength: 3 });
    // Never enlarged: a 360 px wide video keeps its width.
    expect(await thumbnailOf(test, vertical.json)).toEqual({ format: 'jpeg', width: 360, height: 640 });

    const landscape = await uploadForm(test, key, { bytes: await testMedia('landscape-5s.mp4'), name: 'l.mp4' });
    expect(landscape.json).toMatchObject({ width: 640, height: 360, videoLength: 5 });
    expect(await thumbnailOf(test, landscape.json)).toEqual({ format: 'jpeg', width: 400, height: 225 });
  });

  it('init, PUT, finalize: the finalized video has its poster too', async () => {
    const { key } = await test.createOrg();
    const bytes = await testMedia('landscape-5s.mp4');
    const started = await test.request('POST', '/upload/init', { key, body: { fileName: 'l.mp4', mimeType: 'video/mp4', fileSize: bytes.length } });
    expect((await putBytes(test, started.json.url, bytes)).status).toBe(200);
    const done = await test.request('POST', '/upload/finalize', { key, body: { path: started.json.path } });
    expect(done.status).toBe(200);
    expect(await thumbnailOf(test, done.json)).toEqual({ format: 'jpeg', width: 400, height: 225 });
  });

  it('reads what mp4box will not parse in process with ffprobe: same sizes and durations', async () => {
    const { key } = await viaFfprobe.createOrg();
    const long = await uploadForm(viaFfprobe, key, { bytes: await testMedia('vertical-200s.mp4'), name: 'long.mp4' });
    expect(long.status).toBe(200);
    expect(long.json).toMatchObject({ type: 'video', width: 90, height: 160, videoLength: 200 });
    expect(await thumbnailOf(viaFfprobe, long.json)).toEqual({ format: 'jpeg', width: 90, height: 160 });
    const landscape = await uploadForm(viaFfprobe, key, { bytes: await testMedia('landscape-5s.mp4'), name: 'l.mp4' });
    expect(landscape.json).toMatchObject({ width: 640, height: 360, videoLength: 5 });
  });

  it('reports the size viewers see for a phone video stored sideways, with an upright poster, either way it is read', async () => {
    for (const app of [test, viaFfprobe]) {
      const { key } = await app.createOrg();
      const phone = await uploadForm(app, key, { bytes: await testMedia('phone-rotated-2s.mp4'), name: 'phone.mp4' });
      expect(phone.status).toBe(200);
      expect(phone.json).toMatchObject({ width: 360, height: 640, videoLength: 2 });
      expect(await thumbnailOf(app, phone.json)).toEqual({ format: 'jpeg', width: 360, height: 640 });
    }
  });

  it('the usual MP4 is read in process and gives the same answer', async () => {
    const { key } = await test.createOrg();
    const long = await uploadForm(test, key, { bytes: await testMedia('vertical-200s.mp4'), name: 'long.mp4' });
    expect(long.json).toMatchObject({ type: 'video', width: 90, height: 160, videoLength: 200 });
  });
});
