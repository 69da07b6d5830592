import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { signedPutUrl } from './put-url';
import { testMedia } from '../test/test-media';
import { fetchMedia, localPath, putBytes } from './uploads-test-kit';

const test = await createTestApp();

async function init(key: string, body: Record<string, unknown>) {
  return test.request('POST', '/upload/init', { key, body });
}

describe('three-step upload', () => {
  it('init, one PUT without an API key, finalize: a video with its metadata', async () => {
    const { key, teamId } = await test.createOrg();
    const bytes = await testMedia('landscape-5s.mp4');
    const started = await init(key, { fileName: 'clip.mp4', mimeType: 'video/mp4', fileSize: bytes.length, teamId });
    expect(started.status).toBe(200);
    expect(started.json.url.startsWith(`${test.config.publicUrl}/uploads/put/`)).toBe(true);

    const put = await putBytes(test, started.json.url, bytes);
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ path: started.json.path, fileSize: bytes.length });

    const done = await test.request('POST', '/upload/finalize', { key, body: { path: started.json.path, teamId } });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ type: 'video', mime: 'video/mp4', width: 640, height: 360, videoLength: 5, teamId, path: started.json.path });
    const served = await fetchMedia(test, done.json.url);
    expect(served.bytes.equals(bytes)).toBe(true);

    // Finalize again: the same upload, not a second one.
    const again = await test.request('POST', '/upload/finalize', { key, body: { path: started.json.path } });
    expect(again.json.id).toBe(done.json.id);
    expect((await test.request('GET', '/upload', { key })).json.total).toBe(1);
    expect((await test.request('GET', '/organization/usage/uploads', { key })).json.used).toBe(1);
  });

  it('accepts image/jpg as a declaration of JPEG and makes a thumbnail', async () => {
    const { key } = await test.createOrg();
    const bytes = await testMedia('square-1080.jpg');
    const started = await init(key, { fileName: 'a.jpg', mimeType: 'image/jpg', fileSize: bytes.length });
    expect((await putBytes(test, started.json.url, bytes)).status).toBe(200);
    const done = await test.request('POST', '/upload/finalize', { key, body: { path: started.json.path } });
    expect(done.json).toMatchObject({ mime: 'image/jpeg', width: 1080, height: 1080, teamId: null });
    expect((await fetchMedia(test, done.json.thumbnailUrl)).status).toBe(200);
  });

  it('the PUT URL is one-time', async () => {
    const { key } = await test.createOrg();
    const bytes = await testMedia('square-1080.jpg');
    const started = await init(key, { fileName: 'a.jpg', mimeType: 'image/jpeg', fileSize: bytes.length });
    expect((await putBytes(test, started.json.url, bytes)).status).toBe(200);
    const second = await putBytes(test, started.json.url, bytes);
    expect(second.status).toBe(409);
    expect(second.json.message).toContain('already used');
  });

  it('refuses tampered and expired URLs', async () => {
    const { key } = await test.createOrg();
    const bytes = await testMedia('square-1080.jpg');
    const started = await init(key, { fileName: 'a.jpg', mimeType: 'image/jpeg', fileSize: bytes.length });
    const url = new URL(started.json.url);

    const longer = new URL(url);
    longer.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await putBytes(test, longer.toString(), bytes)).status).toBe(403);
    const forged = new URL(url);
    const signature = url.searchParams.get('signature')!;
    forged.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`);
    expect((await putBytes(test, forged.toString(), bytes)).status).toBe(403);
    const otherSession = url.toString().replace(/\/put\/[^?]+/, '/put/aaaaaaaaaaaaaaaaaaaaaaaa');
    expect((await putBytes(test, otherSession, bytes)).status).toBe(403);

    const intentId = url.pathname.split('/').pop()!;
    const expired = signedPutUrl(test.config, intentId, new Date(Date.now() - 1000));
    const res = await putBytes(test, expired, bytes);
    expect(res.status).toBe(403);
    expect(res.json.message).toContain('expired');

    // None of those used the URL up.
    expect((await putBytes(test, started.json.url, bytes)).status).toBe(200);
  });

  it('refuses a body larger than declared, and a shorter one, and then the URL and its session are used up', async () => {
    const { key } = await test.createOrg();
    const bytes = await testMedia('square-1080.jpg');
    const big = await init(key, { fileName: 'a.jpg', mimeType: 'image/jpeg', fileSize: bytes.length - 10 });
    const tooBig = await putBytes(test, big.json.url, bytes);
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.message).toContain('larger than');
    // The failed PUT ended the session (and released what it reserved).
    expect((await test.request('POST', '/upload/finalize', { key, body: { path: big.json.path } })).status).toBe(404);

    const small = await init(key, { fileName: 'a.jpg', mimeType: 'image/jpeg', fileSize: bytes.length + 10 });
    const tooSmall = await putBytes(test, small.json.url, bytes);
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.json.message).toContain(`Received ${bytes.length} bytes`);
    expect((await putBytes(test, small.json.url, bytes)).status).toBe(409);
  });

  it('refuses at finalize bytes that are not what init declared, and forgets the session', async () => {
    const { key } = await test.createOrg();
    const bytes = await testMedia('link-card-1200x628.png');
    const started = await init(key, { fileName: 'clip.mp4', mimeType: 'video/mp4', fileSize: bytes.length });
    expect((await putBytes(test, started.json.url, bytes)).status).toBe(200);
    const res = await test.request('POST', '/upload/finalize', { key, body: { path: started.json.path } });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('The file was declared as video/mp4 but its content is image/png');
    expect((await test.request('POST', '/upload/finalize', { key, body: { path: started.json.path } })).status).toBe(404);
    expect((await test.request('GET', '/organization/usage/uploads', { key })).json.used).toBe(0);
  });

  it('finalize needs the PUT first, the same team as init, and the own organization', async () => {
    const { key, teamId } = await test.createOrg();
    const other = await test.createOrg();
    const started = await init(key, { fileName: 'a.jpg', mimeType: 'image/jpeg', fileSize: 1000 });
    const early = await test.request('POST', '/upload/finalize', { key, body: { path: started.json.path } });
    expect(early.status).toBe(400);
    expect(early.json.message).toContain('Nothing was uploaded');
    const wrongTeam = await test.request('POST', '/upload/finalize', { key, body: { path: started.json.path, teamId } });
    expect(wrongTeam.status).toBe(400);
    expect((await test.request('POST', '/upload/finalize', { key: other.key, body: { path: started.json.path } })).status).toBe(404);
  });

  it('validates init: types of the spec, sizes per type, teams of the organization', async () => {
    const { key } = await test.createOrg();
    const other = await test.createOrg();
    const gif = await init(key, { fileName: 'a.gif', mimeType: 'image/gif', fileSize: 100 });
    expect(gif.status).toBe(400);
    expect(gif.json.issues[0].path).toEqual(['mimeType']);
    const bigImage = await init(key, { fileName: 'a.png', mimeType: 'image/png', fileSize: 25 * 1024 * 1024 + 1 });
    expect(bigImage.status).toBe(413);
    expect(bigImage.json.message).toContain('Images may be at most 25 MB');
    const bigVideo = await init(key, { fileName: 'a.mp4', mimeType: 'video/mp4', fileSize: 1024 * 1024 * 1024 + 1 });
    expect(bigVideo.status).toBe(413);
    expect(bigVideo.json.message).toContain('Videos may be at most 1024 MB');
    // Over 90 MB is what the three-step flow is for.
    expect((await init(key, { fileName: 'a.mp4', mimeType: 'video/mp4', fileSize: 500 * 1024 * 1024 })).status).toBe(200);
    expect((await init(key, { fileName: 'a.mp4', mimeType: 'video/mp4', fileSize: 0 })).status).toBe(400);
    expect((await init(key, { fileName: 'a.mp4', mimeType: 'video/mp4', fileSize: 10, extra: 1 })).json.issues[0].code).toBe('unrecognized_keys');
    expect((await init(key, { fileName: 'a.mp4', mimeType: 'video/mp4', fileSize: 10, teamId: other.teamId })).status).toBe(404);
  });

  it('the PUT route needs its signature parameters', async () => {
    const res = await test.app.request(localPath(`${test.config.publicUrl}/uploads/put/abc`), { method: 'PUT', body: 'x' });
    expect(res.status).toBe(400);
  });
});
