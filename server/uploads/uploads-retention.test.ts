import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postUploads, uploads } from '../db/schema/uploads';
import { createTestApp } from '../test/test-app';
import { cleanUpUnusedUploadsHandler, purgeDeletedUploadsHandler } from './uploads.job-handlers';
import { testMedia } from '../test/test-media';
import { draftPostUsing, putBytes, uploadForm } from './uploads-test-kit';
import { automationsOrg, dmDefinition } from '../automations/automations-test-kit';

const test = await createTestApp();

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const context = { services: test.services, jobId: 'test', attempt: 1 };
// The jobs take `now` in their payload: the clock moves without waiting.
// Scoped to the test's organization: on a shared Postgres other test files have uploads too.
let organizationId = '';
const payload = (now: Date) => ({ now: now.toISOString(), organizationId });
const purgeAt = (now: Date) => purgeDeletedUploadsHandler.handle(purgeDeletedUploadsHandler.job.payload.parse(payload(now)), context);
const cleanUpAt = (now: Date) => cleanUpUnusedUploadsHandler.handle(cleanUpUnusedUploadsHandler.job.payload.parse(payload(now)), context);

async function createOrg() {
  const org = await test.createOrg();
  organizationId = org.organizationId;
  return org;
}

async function stored(key: string | null) {
  return key ? (await test.services.storage.stat(key)) !== null : false;
}

async function rowExists(id: string) {
  return (await test.services.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, id))).length === 1;
}

async function newImage(key: string) {
  const { json } = await uploadForm(test, key, { bytes: await testMedia('square-1080.jpg'), name: 'a.jpg' });
  return json as { id: string; path: string; thumbnailPath: string };
}

describe('retention of deleted uploads', () => {
  it('keeps files two days after deletion, then removes files and row', async () => {
    const { key } = await createOrg();
    const upload = await newImage(key);
    const deletedAt = Date.now();
    expect((await test.request('DELETE', `/upload/${upload.id}`, { key })).status).toBe(200);

    await purgeAt(new Date(deletedAt + 2 * DAY - 60_000));
    expect(await rowExists(upload.id)).toBe(true);
    expect(await stored(upload.path)).toBe(true);
    expect(await stored(upload.thumbnailPath)).toBe(true);

    await purgeAt(new Date(deletedAt + 2 * DAY + 60_000));
    expect(await rowExists(upload.id)).toBe(false);
    expect(await stored(upload.path)).toBe(false);
    expect(await stored(upload.thumbnailPath)).toBe(false);
    // Deleted uploads still count toward the month after their rows are gone.
    expect((await test.request('GET', '/organization/usage/uploads', { key })).json.used).toBe(1);
  });
});

describe('retention of unused uploads', () => {
  it('removes an upload no post used 14 days after it was uploaded', async () => {
    const { key } = await createOrg();
    const upload = await newImage(key);
    const createdAt = Date.now();

    await cleanUpAt(new Date(createdAt + 14 * DAY - 60_000));
    expect((await test.request('GET', `/upload/${upload.id}`, { key })).status).toBe(200);

    await cleanUpAt(new Date(createdAt + 14 * DAY + 60_000));
    expect((await test.request('GET', `/upload/${upload.id}`, { key })).status).toBe(404);
    expect(await rowExists(upload.id)).toBe(false);
    expect(await stored(upload.path)).toBe(false);
    expect(await stored(upload.thumbnailPath)).toBe(false);
  });

  it('keeps an upload an automation flow sends while the flow exists, then lets it go', async () => {
    const org = await automationsOrg(test);
    organizationId = org.organizationId;
    const named = await newImage(org.key);
    const start = Date.now();
    const steps = [{ id: 'answer', type: 'SEND_MESSAGE', message: { text: 'Our menu', attachments: [{ uploadId: named.id, type: 'IMAGE' }] } }];
    const flow = await org.create({ definition: dmDefinition(org.instagram.id, { steps }) });
    expect(flow.status, flow.text).toBe(201);

    await cleanUpAt(new Date(start + 30 * DAY));
    expect((await test.request('GET', `/upload/${named.id}`, { key: org.key })).status).toBe(200);
    expect(await stored(named.path)).toBe(true);

    expect((await org.call('DELETE', `/automations/${flow.json.id}`)).status).toBe(204);
    await cleanUpAt(new Date(start + 30 * DAY));
    expect((await test.request('GET', `/upload/${named.id}`, { key: org.key })).status).toBe(404);
  });

  it('keeps an upload an unfinished post holds, and counts 14 days from the last use once released', async () => {
    const { key } = await createOrg();
    const held = await newImage(key);
    const released = await newImage(key);
    const start = Date.now();
    await draftPostUsing(test, key, [held.id]);
    const publishedPost = await draftPostUsing(test, key, [released.id]);
    // What the posts domain does when a post using the upload finishes (here ten days from now).
    await test.services.db
      .update(postUploads)
      .set({ releasedAt: new Date(start + 10 * DAY) })
      .where(and(eq(postUploads.postId, publishedPost), eq(postUploads.uploadId, released.id)));
    await test.services.db
      .update(uploads)
      .set({ lastUsedAt: new Date(start + 10 * DAY) })
      .where(eq(uploads.id, released.id));

    await cleanUpAt(new Date(start + 20 * DAY));
    expect((await test.request('GET', `/upload/${released.id}`, { key })).status).toBe(200);
    await cleanUpAt(new Date(start + 24 * DAY + 60_000));
    expect((await test.request('GET', `/upload/${released.id}`, { key })).status).toBe(404);
    expect(await stored(released.path)).toBe(false);

    await cleanUpAt(new Date(start + 60 * DAY));
    expect((await test.request('GET', `/upload/${held.id}`, { key })).status).toBe(200);
    expect(await stored(held.path)).toBe(true);
  });
});

describe('abandoned three-step uploads', () => {
  it('removes bytes that were never finalized an hour after the URL expired', async () => {
    const { key } = await createOrg();
    const bytes = await testMedia('square-1080.jpg');
    const started = await test.request('POST', '/upload/init', { key, body: { fileName: 'a.jpg', mimeType: 'image/jpeg', fileSize: bytes.length } });
    expect((await putBytes(test, started.json.url, bytes)).status).toBe(200);
    expect(await stored(started.json.path)).toBe(true);
    const expires = Number(new URL(started.json.url).searchParams.get('expires')) * 1000;

    await purgeAt(new Date(expires + HOUR - 60_000));
    expect(await stored(started.json.path)).toBe(true);
    await purgeAt(new Date(expires + HOUR + 60_000));
    expect(await stored(started.json.path)).toBe(false);
    expect((await test.request('POST', '/upload/finalize', { key, body: { path: started.json.path } })).status).toBe(404);
  });

  it('keeps the bytes of a finalized upload when its session goes', async () => {
    const { key } = await createOrg();
    const bytes = await testMedia('square-1080.jpg');
    const started = await test.request('POST', '/upload/init', { key, body: { fileName: 'a.jpg', mimeType: 'image/jpeg', fileSize: bytes.length } });
    await putBytes(test, started.json.url, bytes);
    const done = await test.request('POST', '/upload/finalize', { key, body: { path: started.json.path } });
    const expires = Number(new URL(started.json.url).searchParams.get('expires')) * 1000;
    await purgeAt(new Date(expires + DAY + 60_000));
    expect(await stored(started.json.path)).toBe(true);
    expect((await test.request('GET', `/upload/${done.json.id}`, { key })).status).toBe(200);
  });
});
