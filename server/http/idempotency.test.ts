import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiKeys } from '../db/schema/auth';
import { idempotencyKeys } from '../db/schema/http';
import { createTestApp } from '../test/test-app';

const t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'error' } });

async function keyIdOf(organizationId: string) {
  const [row] = await t.services.db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.organizationId, organizationId));
  return row!.id;
}

describe('Idempotency-Key', () => {
  it('replays the first response for a repeat with the same body, creating nothing twice', async () => {
    const { key } = await t.createOrg();
    const headers = { 'idempotency-key': 'create-marketing-1' };
    const first = await t.request('POST', '/team', { key, headers, body: { name: 'Marketing' } });
    const second = await t.request('POST', '/team', { key, headers, body: { name: 'Marketing' } });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const list = await t.request('GET', '/team?search=Marketing', { key });
    expect(list.json.total).toBe(1);
  });

  it('answers 422 for the same key with another body, and 409 while the first is still running', async () => {
    const { key, organizationId } = await t.createOrg();
    const headers = { 'idempotency-key': 'key-a' };
    expect((await t.request('POST', '/team', { key, headers, body: { name: 'First body' } })).status).toBe(200);
    const other = await t.request('POST', '/team', { key, headers, body: { name: 'Second body' } });
    expect(other.status).toBe(422);
    expect(other.json.message).toMatch(/different request/);

    // Another instance is still working on a request with this key from this caller.
    await t.services.db.insert(idempotencyKeys).values({
      organizationId,
      key: `key:${await keyIdOf(organizationId)}|in-flight`,
      requestHash: '',
      state: 'running',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const running = await t.request('POST', '/team', { key, headers: { 'idempotency-key': 'in-flight' }, body: { name: 'Slow team' } });
    expect(running.status).toBe(409);
    expect(running.json.message).toMatch(/still being processed/);
  });

  it('keeps keys per organization and replays errors the client caused', async () => {
    const a = await t.createOrg();
    const b = await t.createOrg();
    const headers = { 'idempotency-key': 'shared-key' };
    expect((await t.request('POST', '/team', { key: a.key, headers, body: { name: 'Team A' } })).json.name).toBe('Team A');
    expect((await t.request('POST', '/team', { key: b.key, headers, body: { name: 'Team B' } })).json.name).toBe('Team B');

    const invalid = await t.request('POST', '/team', { key: a.key, headers: { 'idempotency-key': 'bad' }, body: { name: 'x' } });
    const again = await t.request('POST', '/team', { key: a.key, headers: { 'idempotency-key': 'bad' }, body: { name: 'x' } });
    expect(invalid.status).toBe(400);
    expect(again.status).toBe(400);
    expect(again.json).toEqual(invalid.json);
  });

  it('keeps keys per caller: another key of the same organization gets its own result', async () => {
    const { key } = await t.createOrg();
    const second = await t.request('POST', '/api-keys', { key, body: { name: 'second writer', scopes: ['read', 'write'] } });
    const headers = { 'idempotency-key': 'per-caller' };
    const first = await t.request('POST', '/team', { key, headers, body: { name: 'Same body' } });
    const other = await t.request('POST', '/team', { key: second.json.key, headers, body: { name: 'Same body' } });
    expect(other.status).toBe(200);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(other.json.id).not.toBe(first.json.id);
  });

  it('authorizes before replaying: a write-only key cannot replay an admin key creating an API key', async () => {
    const { key } = await t.createOrg();
    const writer = await t.request('POST', '/api-keys', { key, body: { name: 'writer', scopes: ['read', 'write'] } });
    const headers = { 'idempotency-key': 'make-admin' };
    const body = { name: 'new admin', scopes: ['read', 'write', 'admin'] };
    const created = await t.request('POST', '/api-keys', { key, headers, body });
    expect(created.status).toBe(201);
    const replay = await t.request('POST', '/api-keys', { key: writer.json.key, headers, body });
    expect(replay.status).toBe(403);
    expect(replay.text).not.toContain(created.json.key);
  });

  it('never stores a response that shows a secret: a repeat is 409, not the secret again', async () => {
    const { key, organizationId } = await t.createOrg();
    const headers = { 'idempotency-key': 'secret-once' };
    const body = { name: 'shown once', scopes: ['read'] };
    const created = await t.request('POST', '/api-keys', { key, headers, body });
    expect(created.status).toBe(201);
    expect(created.json.key).toMatch(/^sk_/);
    const again = await t.request('POST', '/api-keys', { key, headers, body });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ statusCode: 409, message: expect.stringMatching(/showed a secret that is never stored/) });
    expect((await t.request('GET', '/api-keys', { key })).json.total).toBe(2);

    const hook = await t.request('POST', '/webhooks', {
      key,
      headers: { 'idempotency-key': 'hook-once' },
      body: { url: 'http://127.0.0.1:9/hook' },
    });
    expect(hook.status).toBe(200);
    expect(hook.json.secret).toMatch(/^whsec_/);
    const stored = await t.services.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.organizationId, organizationId)));
    expect(stored.map((row) => row.state).sort()).toEqual(['secret-withheld', 'secret-withheld']);
    for (const row of stored) {
      expect(row.responseBody).toBeNull();
      expect(JSON.stringify(row)).not.toMatch(/sk_|whsec_/);
    }
  });

  it('treats an expired key as new', async () => {
    const { key, organizationId } = await t.createOrg();
    await t.services.db.insert(idempotencyKeys).values({
      organizationId,
      key: `key:${await keyIdOf(organizationId)}|old`,
      requestHash: 'something else',
      state: 'completed',
      responseStatus: 200,
      responseBody: '{}',
      expiresAt: new Date(Date.now() - 1000),
    });
    const response = await t.request('POST', '/team', { key, headers: { 'idempotency-key': 'old' }, body: { name: 'Fresh team' } });
    expect(response.status).toBe(200);
    expect(response.json.name).toBe('Fresh team');
  });

  it('rejects an over-long key', async () => {
    const { key } = await t.createOrg();
    const response = await t.request('POST', '/team', { key, headers: { 'idempotency-key': 'k'.repeat(256) }, body: { name: 'Team' } });
    expect(response.status).toBe(400);
  });
});

describe('Idempotency-Key on a large upload', () => {
  const PADDING = 24 * 1024 * 1024 - 64 * 1024;
  const CHUNK = new Uint8Array(64 * 1024); // zeros, sent again and again: the test holds no copy of the body

  /** A multipart body streamed chunk by chunk: a real JPEG followed by 24 MB of padding after its end. */
  function streamedUpload(jpeg: Buffer, boundary: string): ReadableStream<Uint8Array> {
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    let sent = 0;
    let step = 0;
    return new ReadableStream({
      pull(controller) {
        if (step === 0) controller.enqueue(new Uint8Array(Buffer.concat([head, jpeg])));
        else if (sent < PADDING) {
          controller.enqueue(CHUNK);
          sent += CHUNK.byteLength;
        } else {
          controller.enqueue(new Uint8Array(tail));
          controller.close();
        }
        step += 1;
      },
    });
  }

  async function upload(key: string, jpeg: Buffer) {
    const boundary = 'idempotency-boundary';
    let peak = 0;
    const base = process.memoryUsage();
    const baseline = base.heapUsed + base.arrayBuffers;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.heapUsed + now.arrayBuffers - baseline);
    }, 2);
    try {
      const response = await t.app.request('/api/v1/upload/create', {
        method: 'POST',
        headers: { 'x-api-key': key, 'idempotency-key': 'big-upload', 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: streamedUpload(jpeg, boundary),
        duplex: 'half',
      } as RequestInit);
      return { status: response.status, headers: response.headers, json: await response.json(), peak };
    } finally {
      clearInterval(sampler);
    }
  }

  it('hashes the body as it streams (memory stays flat) and replays the upload', async () => {
    const { key } = await t.createOrg();
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    const first = await upload(key, jpeg);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.width).toBe(64);
    // Buffering the 24 MB body and its base64 copy, as the middleware used to, costs over 60 MB.
    expect(first.peak).toBeLessThan(32 * 1024 * 1024);

    const second = await upload(key, jpeg);
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.json).toEqual(first.json);
    expect(second.peak).toBeLessThan(32 * 1024 * 1024);
  });
});
