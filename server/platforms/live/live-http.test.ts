import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformError } from '../platform-error';
import { LiveHttpClient, rateLimitReset } from './live-http';

/** A local platform whose answers the tests script: how the client behaves against real HTTP. */
let handler: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => response.end();
const server = createServer((request, response) => handler(request, response));
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// Calls that should succeed get time to spare on a busy machine; the timeout test has its own client.
const client = new LiveHttpClient({ timeoutMs: 10_000, retries: 2, concurrencyPerAccount: 2 });
const call = { platform: 'BLUESKY' as const, operation: 'test', accountKey: 'acc_1' };

describe('LiveHttpClient', () => {
  it('retries an idempotent call after a 503 and answers the success', async () => {
    let hits = 0;
    handler = (_request, response) => {
      hits += 1;
      response.writeHead(hits < 3 ? 503 : 200, { 'content-type': 'application/json' }).end(JSON.stringify({ hits }));
    };
    await expect(client.json({ ...call, url: `${base}/feed` })).resolves.toEqual({ hits: 3 });
  });

  it('never repeats a POST, which could publish twice', async () => {
    let hits = 0;
    handler = (_request, response) => {
      hits += 1;
      response.writeHead(503).end('busy');
    };
    const error = await client.request({ ...call, method: 'POST', url: `${base}/post`, body: { text: 'hi' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).code).toBe('TRANSIENT');
    expect(hits).toBe(1);
  });

  it('sends a plain object as JSON', async () => {
    let received = '';
    handler = (request, response) => {
      request.on('data', (chunk: Buffer) => (received += chunk.toString()));
      request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ type: request.headers['content-type'] })));
    };
    await expect(client.json({ ...call, method: 'POST', url: `${base}/post`, body: { text: 'hi' } })).resolves.toEqual({ type: 'application/json' });
    expect(JSON.parse(received)).toEqual({ text: 'hi' });
  });

  it('maps a 429 to RATE_LIMITED with the reset, without retrying', async () => {
    let hits = 0;
    const reset = Math.floor(Date.now() / 1000) + 120;
    handler = (_request, response) => {
      hits += 1;
      response.writeHead(429, { 'ratelimit-reset': String(reset) }).end('{"error":"RateLimitExceeded"}');
    };
    const error = (await client.request({ ...call, url: `${base}/feed` }).catch((e: unknown) => e)) as PlatformError;
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.meta.resetAt).toBe(new Date(reset * 1000).toISOString());
    expect(error.statusCode).toBe(429);
    expect(hits).toBe(1);
  });

  it.each([
    [401, 'TOKEN_EXPIRED'],
    [403, 'PERMISSION_MISSING'],
    [404, 'NOT_FOUND'],
    [400, 'INVALID_REQUEST'],
  ])('maps %i to %s', async (status, code) => {
    handler = (_request, response) => response.writeHead(status).end('no');
    const error = (await client.request({ ...call, url: `${base}/x` }).catch((e: unknown) => e)) as PlatformError;
    expect(error.code).toBe(code);
    expect(error.httpStatus).toBe(status);
  });

  it('gives up on a platform that does not answer in time, as a transient failure', async () => {
    handler = () => undefined; // never answers
    const impatient = new LiveHttpClient({ timeoutMs: 300, retries: 2, concurrencyPerAccount: 2 });
    const error = (await impatient.request({ ...call, method: 'POST', url: `${base}/slow` }).catch((e: unknown) => e)) as PlatformError;
    expect(error.code).toBe('TRANSIENT');
    expect(error.message).toContain('did not answer in time');
  });

  it('runs at most the configured number of calls of one account at once', async () => {
    let inFlight = 0;
    let peak = 0;
    handler = (_request, response) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        response.writeHead(200).end('{}');
      }, 30);
    };
    await Promise.all(Array.from({ length: 6 }, () => client.json({ ...call, url: `${base}/feed` })));
    expect(peak).toBe(2);
    // Another account is not held back by the first one's limit.
    peak = 0;
    await Promise.all([
      ...Array.from({ length: 2 }, () => client.json({ ...call, url: `${base}/feed` })),
      ...Array.from({ length: 2 }, () => client.json({ ...call, accountKey: 'acc_2', url: `${base}/feed` })),
    ]);
    expect(peak).toBe(4);
  });
});

describe('LiveHttpClient, user-chosen hosts (a Mastodon server)', () => {
  const guarded = { ...call, platform: 'MASTODON' as const, userChosenHost: true };

  it('refuses loopback, link-local and names resolving to them before sending anything', async () => {
    let hits = 0;
    handler = (_request, response) => {
      hits += 1;
      response.writeHead(200).end('{}');
    };
    const secure = base.replace('http:', 'https:');
    const refused = {
      [`${secure}/api/v1/apps`]: /loopback/,
      [`${secure.replace('127.0.0.1', 'localhost')}/api/v1/apps`]: /loopback/,
      'https://169.254.169.254/latest/meta-data': /linkLocal/,
      [`${base}/api/v1/apps`]: /must use https/,
    };
    for (const [url, reason] of Object.entries(refused)) {
      const error = (await client.request({ ...guarded, url }).catch((e: unknown) => e)) as PlatformError;
      expect(error, url).toBeInstanceOf(PlatformError);
      expect(error.code).toBe('INVALID_REQUEST');
      expect(error.retryability).toBe('NEVER');
      expect(error.meta.blockedHost).toMatch(reason);
    }
    expect(hits).toBe(0);
    // The development setting opens loopback (and plain http), never link-local.
    const dev = new LiveHttpClient({ timeoutMs: 10_000, retries: 0, concurrencyPerAccount: 2, allowPrivateHosts: true });
    const metadata = (await dev.request({ ...guarded, url: 'http://169.254.169.254/latest/meta-data' }).catch((e: unknown) => e)) as PlatformError;
    expect(metadata.meta.blockedHost).toMatch(/linkLocal/);
    await expect(dev.json({ ...guarded, url: `${base}/api/v1/instance` })).resolves.toEqual({});
    expect(hits).toBe(1);
  });

  it('sends bodies as fetch does (JSON, multipart) to the checked address, and reads the answer', async () => {
    const dev = new LiveHttpClient({ timeoutMs: 10_000, retries: 0, concurrencyPerAccount: 2, allowPrivateHosts: true });
    const seen: { type: string | undefined; body: string }[] = [];
    handler = (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        seen.push({ type: request.headers['content-type'], body: Buffer.concat(chunks).toString() });
        response.writeHead(201, { 'content-type': 'application/json', 'x-ratelimit-remaining': '299' }).end('{"id":"1"}');
      });
    };
    const answer = await dev.request({ ...guarded, method: 'POST', url: `${base}/api/v1/statuses`, body: { status: 'Hello' } });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-ratelimit-remaining')).toBe('299');
    await expect(answer.json()).resolves.toEqual({ id: '1' });
    const form = new FormData();
    form.append('description', 'A chart');
    form.append('file', new Blob([Buffer.from('89504e47', 'hex')], { type: 'image/png' }), 'a.png');
    await dev.request({ ...guarded, method: 'POST', url: `${base}/api/v2/media`, body: form });
    expect(seen[0]).toEqual({ type: 'application/json', body: '{"status":"Hello"}' });
    expect(seen[1]!.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[1]!.body).toContain('name="file"; filename="a.png"');
  });

  it('does not follow a redirect, which could lead past the guard', async () => {
    const dev = new LiveHttpClient({ timeoutMs: 10_000, retries: 0, concurrencyPerAccount: 2, allowPrivateHosts: true });
    const paths: string[] = [];
    handler = (request, response) => {
      paths.push(request.url ?? '');
      if (request.url === '/api/v1/apps') response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
      else response.writeHead(200).end('{}');
    };
    const error = (await dev.request({ ...guarded, method: 'POST', url: `${base}/api/v1/apps`, body: {} }).catch((e: unknown) => e)) as PlatformError;
    expect(error).toBeInstanceOf(PlatformError);
    expect(error.httpStatus).toBe(302);
    expect(paths).toEqual(['/api/v1/apps']);
  });

  it('stops reading an answer that goes on past the cap', async () => {
    const dev = new LiveHttpClient({ timeoutMs: 5_000, retries: 0, concurrencyPerAccount: 2, allowPrivateHosts: true });
    const chunk = Buffer.alloc(1024 * 1024, 97);
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      let sent = 0;
      const more = () => {
        while (sent < 40 && response.write(chunk)) sent += 1;
        if (sent < 40) response.once('drain', more);
        else response.end();
      };
      response.on('error', () => undefined);
      more();
    };
    const error = (await dev.request({ ...guarded, url: `${base}/api/v1/timelines/public` }).catch((e: unknown) => e)) as PlatformError;
    expect(error.code).toBe('PERMANENT');
    expect(error.message).toContain('more than 16 MB');
  });
});

describe('rateLimitReset', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('reads Retry-After seconds, epoch resets and ISO dates', () => {
    expect(rateLimitReset(new Headers({ 'retry-after': '30' }), now)?.toISOString()).toBe('2026-01-01T00:00:30.000Z');
    expect(rateLimitReset(new Headers({ 'x-ratelimit-reset': '2026-01-01T00:05:00.000Z' }), now)?.toISOString()).toBe('2026-01-01T00:05:00.000Z');
    expect(rateLimitReset(new Headers({ 'ratelimit-reset': String(now / 1000 + 60) }), now)?.toISOString()).toBe('2026-01-01T00:01:00.000Z');
    expect(rateLimitReset(new Headers(), now)).toBeNull();
  });
});
