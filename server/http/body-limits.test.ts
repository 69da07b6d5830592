import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

const t = await createTestApp({ env: { BODY_MAX_BYTES: String(64 * 1024), UPLOAD_MAX_SIMPLE_BYTES: String(256 * 1024) } });

/** A body that never ends, counting what the server pulled from it. */
function endlessBody(chunkBytes = 16 * 1024) {
  const chunk = new TextEncoder().encode('x'.repeat(chunkBytes));
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, state };
}

async function send(path: string, init: RequestInit & { duplex?: 'half' }) {
  const response = await t.app.request(path, init);
  return { status: response.status, json: await response.json().catch(() => undefined) };
}

describe('body size limits', () => {
  it('answers 413 with the envelope for a JSON body over the limit, declared or streamed', async () => {
    const { key } = await t.createOrg();
    const big = JSON.stringify({ name: 'x'.repeat(70 * 1024) });
    const declared = await send('/api/v1/team', {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json', 'content-length': String(big.length) },
      body: big,
    });
    expect(declared).toMatchObject({ status: 413, json: { statusCode: 413, message: expect.stringMatching(/larger than/) } });

    const endless = endlessBody();
    const streamed = await send('/api/v1/team', {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: endless.stream,
      duplex: 'half',
    });
    expect(streamed.status).toBe(413);
    expect(endless.state.pulled).toBeLessThan(64 * 1024 + 3 * 16 * 1024);
    // Under the limit the route works as before.
    expect((await t.request('POST', '/team', { key, body: { name: 'Small enough' } })).status).toBe(200);
  });

  it('reads only a few kB of an unauthenticated login or consent form before refusing', async () => {
    for (const path of ['/api/v1/auth/login', '/portal/anything/connect', '/sandbox/connect/anything']) {
      const endless = endlessBody(1024);
      const response = await send(path, {
        method: 'POST',
        headers: { 'content-type': path.includes('login') ? 'application/json' : 'application/x-www-form-urlencoded' },
        body: endless.stream,
        duplex: 'half',
      });
      expect(response.status, path).toBe(413);
      expect(response.json, path).toMatchObject({ statusCode: 413 });
      expect(endless.state.pulled, path).toBeLessThanOrEqual(12 * 1024);
    }
  });

  it('lets upload routes take their own limits, and refuses a declared size over them at once', async () => {
    const { key } = await t.createOrg();
    const declared = await send('/api/v1/upload/create', {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(10 * 1024 * 1024) },
      body: endlessBody().stream,
      duplex: 'half',
    });
    expect(declared.status).toBe(413);
    // A body between the JSON limit and the upload limit is the upload route's to judge (not 413).
    const boundary = 'sd-boundary';
    const form = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n${'x'.repeat(100 * 1024)}\r\n--${boundary}--\r\n`;
    const mid = await send('/api/v1/upload/create', {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: form,
    });
    expect(mid.status).toBe(400);
    expect(mid.json.message).not.toMatch(/larger than/);
  });
});
