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

const client = new LiveHttpClient({ timeoutMs: 300, retries: 2, concurrencyPerAccount: 2 });
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
    const error = (await client.request({ ...call, method: 'POST', url: `${base}/slow` }).catch((e: unknown) => e)) as PlatformError;
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

describe('rateLimitReset', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('reads Retry-After seconds, epoch resets and ISO dates', () => {
    expect(rateLimitReset(new Headers({ 'retry-after': '30' }), now)?.toISOString()).toBe('2026-01-01T00:00:30.000Z');
    expect(rateLimitReset(new Headers({ 'x-ratelimit-reset': '2026-01-01T00:05:00.000Z' }), now)?.toISOString()).toBe('2026-01-01T00:05:00.000Z');
    expect(rateLimitReset(new Headers({ 'ratelimit-reset': String(now / 1000 + 60) }), now)?.toISOString()).toBe('2026-01-01T00:01:00.000Z');
    expect(rateLimitReset(new Headers(), now)).toBeNull();
  });
});
