import { describe, expect, it } from 'vitest';
import { uploadMonthlyUsage } from '../db/schema/uploads';
import { createTestApp } from '../test/test-app';
import { testMedia } from '../test/test-media';
import { purgeDeletedUploadsHandler } from './uploads.job-handlers';
import { utcMonth } from './upload-quota';
import { putBytes, uploadForm } from './uploads-test-kit';

// Small caps so a test reaches them with a few requests: three open sessions, 1 MB reserved.
const test = await createTestApp({ env: { UPLOAD_MAX_OPEN_SESSIONS: '3', UPLOAD_MAX_OPEN_BYTES: '1000000' } });
// URLs that expire in two seconds, to see sessions end without moving a clock.
const shortLived = await createTestApp({ env: { UPLOAD_MAX_OPEN_SESSIONS: '2', UPLOAD_PUT_URL_TTL_SECONDS: '2' } });

type App = typeof test;
const init = (app: App, key: string, fileSize = 1000, mimeType = 'image/jpeg') =>
  app.request('POST', '/upload/init', { key, body: { fileName: 'a.jpg', mimeType, fileSize } });

describe('POST /upload/init reserves what the upload will take', () => {
  it('caps open sessions per organization with a 429, and finalize, a failed PUT or refused content release a place', async () => {
    const { key } = await test.createOrg();
    const other = await test.createOrg();
    const image = await testMedia('square-1080.jpg');
    const toFinalize = await init(test, key, image.length);
    const toFail = await init(test, key, image.length);
    const toRefuse = await init(test, key, (await testMedia('truncated.png')).length, 'image/png');
    expect([toFinalize.status, toFail.status, toRefuse.status]).toEqual([200, 200, 200]);

    const refused = await init(test, key);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      statusCode: 429,
      message: expect.stringMatching(/^Too many uploads in progress: at most 3 three-step uploads may be open at once/),
    });
    // The first URL expires in an hour: that is when a place frees itself at the latest.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect((await init(test, other.key)).status).toBe(200);

    expect((await putBytes(test, toFinalize.json.url, image)).status).toBe(200);
    expect((await test.request('POST', '/upload/finalize', { key, body: { path: toFinalize.json.path } })).status).toBe(200);
    expect((await init(test, key)).status).toBe(200);
    expect((await init(test, key)).status).toBe(429);

    // A PUT that fails uses its URL up and ends its session.
    expect((await putBytes(test, toFail.json.url, image.subarray(0, 100))).status).toBe(400);
    expect((await putBytes(test, toFail.json.url, image)).status).toBe(409);
    expect((await init(test, key)).status).toBe(200);

    // Content refused at finalize ends its session too.
    expect((await putBytes(test, toRefuse.json.url, await testMedia('truncated.png'))).status).toBe(200);
    expect((await test.request('POST', '/upload/finalize', { key, body: { path: toRefuse.json.path } })).status).toBe(400);
    expect((await init(test, key)).status).toBe(200);
  });

  it('does not replay a 429 for a retry with the same Idempotency-Key once a place is free', async () => {
    const { key } = await test.createOrg();
    const image = await testMedia('square-1080.jpg');
    const open = [await init(test, key, image.length), await init(test, key), await init(test, key)];
    expect(open.map((response) => response.status)).toEqual([200, 200, 200]);
    const body = { fileName: 'a.jpg', mimeType: 'image/jpeg', fileSize: 1000 };
    const headers = { 'idempotency-key': 'retry-after-429' };
    expect((await test.request('POST', '/upload/init', { key, body, headers })).status).toBe(429);

    expect((await putBytes(test, open[0]!.json.url, image)).status).toBe(200);
    expect((await test.request('POST', '/upload/finalize', { key, body: { path: open[0]!.json.path } })).status).toBe(200);
    const retried = await test.request('POST', '/upload/init', { key, body, headers });
    expect(retried.status).toBe(200);
    expect(retried.json.url).toEqual(expect.any(String));
  });

  it('caps the bytes open sessions reserve together', async () => {
    const { key } = await test.createOrg();
    expect((await init(test, key, 600_000)).status).toBe(200);
    const refused = await init(test, key, 500_000, 'video/mp4');
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(
      'Too many bytes in progress: open three-step uploads reserve 585.9 KB and at most 976.6 KB may be reserved at once; this one needs 488.3 KB',
    );
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await init(test, key, 400_000)).status).toBe(200);
  });

  it('open sessions hold uploads of the monthly quota: init and the simple flow see them', async () => {
    const { key, organizationId } = await test.createOrg('FREE');
    await test.services.db.insert(uploadMonthlyUsage).values({ organizationId, month: utcMonth(new Date()), count: 198 });
    const first = await init(test, key, (await testMedia('square-1080.jpg')).length);
    expect((await init(test, key)).status).toBe(200);
    const third = await init(test, key);
    expect(third.status).toBe(403);
    expect(third.json.message).toBe(
      'Monthly upload limit reached: the FREE plan allows 200 uploads per calendar month (UTC); it resets on the 1st (2 unfinished three-step uploads count toward it until finalized or expired)',
    );
    const simple = await uploadForm(test, key, { bytes: await testMedia('square-1080.jpg'), name: 'a.jpg' });
    expect(simple.status).toBe(403);
    // The reserved place is the session's own: its finalize goes through.
    expect((await putBytes(test, first.json.url, await testMedia('square-1080.jpg'))).status).toBe(200);
    expect((await test.request('POST', '/upload/finalize', { key, body: { path: first.json.path } })).status).toBe(200);
    expect((await test.request('GET', '/organization/usage/uploads', { key })).json.used).toBe(199);
  });

  it('sessions never PUT end with their URL, and the clean-up removes them', async () => {
    const { key, organizationId } = await shortLived.createOrg();
    const first = await init(shortLived, key);
    expect((await init(shortLived, key)).status).toBe(200);
    expect((await init(shortLived, key)).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await init(shortLived, key)).status).toBe(200);

    const context = { services: shortLived.services, jobId: 'test', attempt: 1 };
    await purgeDeletedUploadsHandler.handle(purgeDeletedUploadsHandler.job.payload.parse({ now: new Date().toISOString(), organizationId }), context);
    const finalize = await shortLived.request('POST', '/upload/finalize', { key, body: { path: first.json.path } });
    expect(finalize.status).toBe(404);
  });
});
