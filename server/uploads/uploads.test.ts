import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uploadMonthlyUsage } from '../db/schema/uploads';
import { createTestApp } from '../test/test-app';
import { utcMonth } from './upload-quota';
import { testMedia } from '../test/test-media';
import { draftPostUsing, fetchMedia, uploadForm } from './uploads-test-kit';

const test = await createTestApp();

describe('simple upload (multipart)', () => {
  it('stores a JPEG with its size read from the file and a 400 px thumbnail', async () => {
    const { key, organizationId } = await test.createOrg();
    const bytes = await testMedia('story-1080x1920.jpg');
    const res = await uploadForm(test, key, { bytes, name: 'story.jpg', type: 'image/jpeg' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      type: 'image',
      mime: 'image/jpeg',
      ext: 'jpg',
      width: 1080,
      height: 1920,
      fileSize: bytes.length,
      videoLength: null,
      teamId: null,
      organizationId,
    });
    expect(res.json.url.startsWith(`${test.config.publicUrl}/media/`)).toBe(true);

    const file = await fetchMedia(test, res.json.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.bytes.equals(bytes)).toBe(true);

    const thumbnail = await fetchMedia(test, res.json.thumbnailUrl);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(thumbnail.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 400, 711]);
  });

  it('reads PNG dimensions, and POST /upload works like /upload/create', async () => {
    const { key } = await test.createOrg();
    const res = await uploadForm(test, key, { bytes: await testMedia('link-card-1200x628.png'), name: 'card.png' }, { path: '/upload' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ type: 'image', mime: 'image/png', ext: 'png', width: 1200, height: 628 });
  });

  it('reads duration and size of MP4 videos; they get a poster-frame thumbnail', async () => {
    const { key } = await test.createOrg();
    const vertical = await uploadForm(test, key, { bytes: await testMedia('vertical-3s.mp4'), name: 'v.mp4', type: 'video/mp4' });
    expect(vertical.status).toBe(200);
    expect(vertical.json).toMatchObject({ type: 'video', mime: 'video/mp4', width: 360, height: 640, videoLength: 3 });
    expect(vertical.json.thumbnailUrl).toEqual(expect.stringContaining('/media/'));
    const landscape = await uploadForm(test, key, { bytes: await testMedia('landscape-5s.mp4'), name: 'l.mp4' });
    expect(landscape.json).toMatchObject({ width: 640, height: 360, videoLength: 5 });
  });

  it('serves byte ranges of a video', async () => {
    const { key } = await test.createOrg();
    const bytes = await testMedia('vertical-3s.mp4');
    const { json } = await uploadForm(test, key, { bytes, name: 'v.mp4' });
    const part = await fetchMedia(test, json.url, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(part.bytes.equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await fetchMedia(test, json.url, { range: 'bytes=-10' });
    expect(tail.bytes.equals(bytes.subarray(bytes.length - 10))).toBe(true);
    const beyond = await fetchMedia(test, json.url, { range: `bytes=${bytes.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  });

  it('unknown media keys are 404', async () => {
    const res = await test.app.request(`/media/ab/${'a'.repeat(48)}.jpg`);
    expect(res.status).toBe(404);
  });
});

describe('multipart details', () => {
  it('takes teamId after the file, answers HEAD on media, and refuses non-multipart bodies', async () => {
    const { key, teamId } = await test.createOrg();
    const form = new FormData();
    form.append('file', new File([new Uint8Array(await testMedia('square-1080.jpg'))], 'a.jpg'));
    form.append('teamId', teamId);
    const res = await test.app.request('/api/v1/upload', { method: 'POST', headers: { 'x-api-key': key }, body: form });
    const json = await res.json();
    expect([res.status, json.teamId]).toEqual([200, teamId]);
    const head = await test.app.request(new URL(json.url).pathname, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String((await testMedia('square-1080.jpg')).length)]);
    const asJson = await test.request('POST', '/upload/create', { key, body: { file: 'x' } });
    expect(asJson.status).toBe(400);
    expect(asJson.json.message).toContain('multipart/form-data');
  });

  it('replays an upload sent again with the same Idempotency-Key instead of storing it twice', async () => {
    const { key } = await test.createOrg();
    // A retry resends the same bytes (same boundary), as HTTP clients do.
    const form = new FormData();
    form.append('file', new File([new Uint8Array(await testMedia('square-1080.jpg'))], 'a.jpg'));
    const encoded = new Request('http://localhost/', { method: 'POST', body: form });
    const body = new Uint8Array(await encoded.arrayBuffer());
    const headers = { 'x-api-key': key, 'idempotency-key': 'upload-1', 'content-type': encoded.headers.get('content-type')! };
    const send = () => test.app.request('/api/v1/upload/create', { method: 'POST', headers, body });
    const first = await send();
    const second = await send();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await second.json()).id).toBe((await first.json()).id);
    expect((await test.request('GET', '/organization/usage/uploads', { key })).json.used).toBe(1);
  });
});

describe('content sniffing', () => {
  it('refuses a PNG renamed .mp4 and declared as video/mp4, naming both types', async () => {
    const { key } = await test.createOrg();
    const res = await uploadForm(test, key, { bytes: await testMedia('link-card-1200x628.png'), name: 'clip.mp4', type: 'video/mp4' });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('The file was declared as video/mp4 but its content is image/png');
  });

  it('goes by the bytes, not the name, when nothing specific is declared', async () => {
    const { key } = await test.createOrg();
    const res = await uploadForm(test, key, { bytes: await testMedia('link-card-1200x628.png'), name: 'clip.mp4', type: 'application/octet-stream' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ mime: 'image/png', ext: 'png' });
  });

  it('refuses a text file whatever its name', async () => {
    const { key } = await test.createOrg();
    const res = await uploadForm(test, key, { bytes: Buffer.from('hello, this is not a picture\n'.repeat(20)), name: 'photo.jpg' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ statusCode: 400, message: expect.stringContaining('not a supported format') });
  });

  it('requires the file field and refuses unknown fields', async () => {
    const { key } = await test.createOrg();
    const missing = await test.app.request('/api/v1/upload/create', { method: 'POST', headers: { 'x-api-key': key }, body: new FormData() });
    expect(missing.status).toBe(400);
    expect((await missing.json()).issues[0].path).toEqual(['file']);
    const extra = await uploadForm(test, key, { bytes: await testMedia('square-1080.jpg'), name: 'a.jpg' }, { extra: { color: 'red' } });
    expect(extra.status).toBe(400);
    expect(extra.json.issues[0].code).toBe('unrecognized_keys');
  });
});

describe('teams and tenants', () => {
  it('keeps a team upload to its team and shares organization-wide ones', async () => {
    const { key, teamId: teamA } = await test.createOrg();
    const teamB = (await test.request('POST', '/team', { key, body: { name: 'Team B' } })).json.id;
    const orgWide = await uploadForm(test, key, { bytes: await testMedia('square-1080.jpg'), name: 'a.jpg' });
    const onlyA = await uploadForm(test, key, { bytes: await testMedia('square-1080.jpg'), name: 'b.jpg' }, { teamId: teamA });
    expect(onlyA.json.teamId).toBe(teamA);

    const listB = await test.request('GET', `/upload?teamId=${teamB}`, { key });
    expect(listB.json.items.map((item: { id: string }) => item.id)).toEqual([orgWide.json.id]);
    const listA = await test.request('GET', `/upload?teamId=${teamA}`, { key });
    expect(listA.json.items.map((item: { id: string }) => item.id).sort()).toEqual([orgWide.json.id, onlyA.json.id].sort());
    const all = await test.request('GET', '/upload', { key });
    expect(all.json.total).toBe(2);
  });

  it("another organization's uploads and teams are 404", async () => {
    const owner = await test.createOrg();
    const other = await test.createOrg();
    const { json } = await uploadForm(test, owner.key, { bytes: await testMedia('square-1080.jpg'), name: 'a.jpg' });
    expect((await test.request('GET', `/upload/${json.id}`, { key: other.key })).status).toBe(404);
    expect((await test.request('DELETE', `/upload/${json.id}`, { key: other.key })).status).toBe(404);
    expect((await test.request('DELETE', '/upload', { key: other.key, body: { ids: [json.id] } })).status).toBe(404);
    expect((await test.request('GET', '/upload', { key: other.key })).json).toEqual({ items: [], total: 0 });
    const foreignTeam = await uploadForm(test, other.key, { bytes: await testMedia('square-1080.jpg'), name: 'a.jpg' }, { teamId: owner.teamId });
    expect(foreignTeam.status).toBe(404);
    expect(foreignTeam.json.message).toBe('Team not found');
    expect((await test.request('GET', `/upload?teamId=${owner.teamId}`, { key: other.key })).status).toBe(404);
    expect((await test.request('GET', `/upload/${json.id}`, { key: owner.key })).status).toBe(200);
  });
});

describe('list, get and delete', () => {
  it('filters by type and by USED/UNUSED, pages with a total, and lists the posts using an upload', async () => {
    const { key } = await test.createOrg();
    const image = (await uploadForm(test, key, { bytes: await testMedia('square-1080.jpg'), name: 'a.jpg' })).json;
    const video = (await uploadForm(test, key, { bytes: await testMedia('vertical-3s.mp4'), name: 'v.mp4' })).json;
    const postId = await draftPostUsing(test, key, [video.id]);

    const videos = await test.request('GET', '/upload?type=video', { key });
    expect(videos.json.items.map((item: { id: string }) => item.id)).toEqual([video.id]);
    const used = await test.request('GET', '/upload?status=USED', { key });
    expect(used.json.items.map((item: { id: string }) => item.id)).toEqual([video.id]);
    expect(used.json.items[0].posts).toMatchObject([{ postId, uploadId: video.id, deletedAt: null }]);
    const unused = await test.request('GET', '/upload?status=UNUSED', { key });
    expect(unused.json.items.map((item: { id: string }) => item.id)).toEqual([image.id]);

    const page = await test.request('GET', '/upload?limit=1&offset=1', { key });
    expect(page.json.total).toBe(2);
    expect(page.json.items).toHaveLength(1);
    const pastEnd = await test.request('GET', '/upload?limit=1&offset=5', { key });
    expect(pastEnd.json).toEqual({ items: [], total: 2 });

    const one = await test.request('GET', `/upload/${video.id}`, { key });
    expect(one.json).toMatchObject({ id: video.id, posts: [{ postId }] });
    expect((await test.request('GET', `/upload/${image.id}`, { key })).json.posts).toEqual([]);

    expect((await test.request('GET', '/upload?limit=501', { key })).status).toBe(400);
    expect((await test.request('GET', '/upload?status=SOMETIMES', { key })).status).toBe(400);
  });

  it('deletes one and many; deleted uploads disappear and stop being served', async () => {
    const { key } = await test.createOrg();
    const ids: string[] = [];
    const urls: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { json } = await uploadForm(test, key, { bytes: await testMedia('square-1080.jpg'), name: `${i}.jpg` });
      ids.push(json.id);
      urls.push(json.url);
    }
    const one = await test.request('DELETE', `/upload/${ids[0]}`, { key });
    expect(one.status).toBe(200);
    expect(one.json.id).toBe(ids[0]);
    expect((await test.request('GET', `/upload/${ids[0]}`, { key })).status).toBe(404);
    expect((await fetchMedia(test, urls[0]!)).status).toBe(404);
    expect((await test.request('DELETE', `/upload/${ids[0]}`, { key })).status).toBe(404);

    // All or none: one unknown id leaves the others in place.
    const partial = await test.request('DELETE', '/upload', { key, body: { ids: [ids[1], 'nope'] } });
    expect(partial.status).toBe(404);
    expect((await test.request('GET', `/upload/${ids[1]}`, { key })).status).toBe(200);

    const many = await test.request('DELETE', '/upload', { key, body: { ids: [ids[1], ids[2]] } });
    expect(many.status).toBe(200);
    expect(many.json.map((item: { id: string }) => item.id).sort()).toEqual([ids[1], ids[2]].sort());
    expect((await test.request('GET', '/upload', { key })).json.total).toBe(0);

    expect((await test.request('DELETE', '/upload', { key, body: { ids: [] } })).status).toBe(400);
    expect((await test.request('DELETE', '/upload', { key, body: { ids: ['x'], all: true } })).json.issues[0].code).toBe('unrecognized_keys');
  });

  it('refuses to delete an upload that an unfinished post still uses', async () => {
    const { key } = await test.createOrg();
    const { json } = await uploadForm(test, key, { bytes: await testMedia('square-1080.jpg'), name: 'a.jpg' });
    await draftPostUsing(test, key, [json.id]);
    const res = await test.request('DELETE', `/upload/${json.id}`, { key });
    expect(res.status).toBe(409);
    expect(res.json.message).toContain('used by a post');
  });
});

describe('monthly upload quota', () => {
  it('counts uploads, refuses the one past the limit with 403 naming it, and keeps counting deleted ones', async () => {
    const { key, organizationId } = await test.createOrg('FREE');
    const before = await test.request('GET', '/organization/usage/uploads', { key });
    expect(before.json).toEqual({ used: 0, limit: 200, remaining: 200 });
    // Last month's uploads do not count; this month's 198 bring the organization near its edge.
    const lastMonth = utcMonth(new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 15)));
    await test.services.db.insert(uploadMonthlyUsage).values([
      { organizationId, month: lastMonth, count: 200 },
      { organizationId, month: utcMonth(new Date()), count: 198 },
    ]);

    const first = await uploadForm(test, key, { bytes: await testMedia('square-1080.jpg'), name: 'a.jpg' });
    expect(first.status).toBe(200);
    expect((await test.request('DELETE', `/upload/${first.json.id}`, { key })).status).toBe(200);
    const last = await uploadForm(test, key, { bytes: await testMedia('square-1080.jpg'), name: 'b.jpg' });
    expect(last.status).toBe(200);
    expect((await test.request('GET', '/organization/usage/uploads', { key })).json).toEqual({ used: 200, limit: 200, remaining: 0 });

    const refused = await uploadForm(test, key, { bytes: await testMedia('square-1080.jpg'), name: 'c.jpg' });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/^Monthly upload limit reached: the FREE plan allows 200 uploads/);
    const init = await test.request('POST', '/upload/init', { key, body: { fileName: 'a.jpg', mimeType: 'image/jpeg', fileSize: 100 } });
    expect(init.status).toBe(403);
    expect((await test.request('GET', '/upload', { key })).json.total).toBe(1);
  });

  it('has the plan limits of the spec', async () => {
    const pro = await test.createOrg('PRO');
    expect((await test.request('GET', '/organization/usage/uploads', { key: pro.key })).json.limit).toBe(100_000);
    const business = await test.createOrg('BUSINESS');
    expect((await test.request('GET', '/organization/usage/uploads', { key: business.key })).json.limit).toBe(1_000_000);
  });
});

describe('OpenAPI', () => {
  it('documents every upload route, the public PUT and media routes included', async () => {
    const { key } = await test.createOrg();
    const doc = (await test.request('GET', '/openapi.json', { key })).json;
    const operations = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'createUpload',
        'postUpload',
        'initUpload',
        'finalizeUpload',
        'createUploadFromUrl',
        'listUploads',
        'getUpload',
        'deleteUpload',
        'deleteUploads',
        'getUploadUsage',
        'putUploadBytes',
        'getMedia',
      ]),
    );
    expect(doc.paths['/api/v1/upload/create'].post.requestBody.content['multipart/form-data'].schema).toBeDefined();
  });
});

describe('upload from URL (production settings)', () => {
  it.each([
    ['http://example.com/photo.jpg', 'https'],
    ['https://127.0.0.1/photo.jpg', 'loopback'],
    ['https://localhost:8443/photo.jpg', 'loopback'],
    ['https://10.1.2.3/photo.jpg', 'private'],
    ['https://192.168.0.10/photo.jpg', 'private'],
    ['https://169.254.169.254/latest/meta-data', 'linkLocal'],
    ['https://[::1]/photo.jpg', 'loopback'],
    ['https://[::ffff:127.0.0.1]/photo.jpg', 'loopback'],
    ['https://[fd00::1]/photo.jpg', 'uniqueLocal'],
  ])('refuses %s', async (url, reason) => {
    const { key } = await test.createOrg();
    const res = await test.request('POST', '/upload/from-url', { key, body: { url } });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain(reason);
    expect(res.json.issues[0].path).toEqual(['url']);
    expect((await test.request('GET', '/organization/usage/uploads', { key })).json.used).toBe(0);
  });

  it('validates the body', async () => {
    const { key } = await test.createOrg();
    expect((await test.request('POST', '/upload/from-url', { key, body: { url: 'not a url' } })).status).toBe(400);
    expect((await test.request('POST', '/upload/from-url', { key, body: {} })).json.issues[0].path).toEqual(['url']);
  });
});
