import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JoseKey } from '@atproto/oauth-client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveHttpClient } from '../live-http';
import { blueskyOAuthAccessToken } from './bluesky-oauth-token';
import { blueskyXrpc } from './bluesky-xrpc';

/**
 * The DPoP side of an OAuth-connected account's calls (decision 065), against a local server that
 * plays a PDS demanding nonces as RFC 9449 §9 describes: what each proof names, the retry with the
 * server's nonce, and the nonce remembered for the next call.
 */
type Seen = { method: string; path: string; authorization: string; header: Record<string, unknown>; claims: Record<string, unknown> };
const seen: Seen[] = [];
let answer: (seen: Seen, response: ServerResponse) => void = (_seen, response) => response.end();

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  const [header, claims] = String(request.headers.dpop ?? '..').split('.');
  const entry = {
    method: request.method!,
    path: request.url!,
    authorization: String(request.headers.authorization ?? ''),
    header: decode(header!),
    claims: decode(claims!),
  };
  seen.push(entry);
  request.resume().on('end', () => answer(entry, response));
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

describe('DPoP-bound calls of an OAuth-connected Bluesky account', () => {
  it('signs a proof per request, sends a refused call once more with the server nonce, and keeps the nonce for the next call', async () => {
    const key = await JoseKey.generate(['ES256']);
    const token = blueskyOAuthAccessToken({
      accessToken: 'access-token-1',
      dpopKey: key.privateJwk!,
      authMethod: { method: 'none' },
      iss: base,
      aud: base,
      sub: 'did:plc:alice',
      scope: 'atproto transition:generic',
    });
    const xrpc = blueskyXrpc(new LiveHttpClient({ timeoutMs: 2000, retries: 0, concurrencyPerAccount: 2 }), base);

    answer = (request, response) => {
      if (request.claims.nonce !== 'nonce-1' && request.claims.nonce !== 'nonce-2') {
        return json(
          response,
          401,
          { error: 'use_dpop_nonce', message: 'Authorization server requires nonce in DPoP proof' },
          { 'www-authenticate': 'DPoP error="use_dpop_nonce"', 'dpop-nonce': 'nonce-1' },
        );
      }
      // The server rotates its nonce on a success; the client must take the new one.
      json(response, 200, { uri: 'at://did:plc:alice/app.bsky.feed.post/3k', cid: 'bafy' }, { 'dpop-nonce': 'nonce-2' });
    };
    const created = await xrpc.procedure<{ uri: string }>({
      nsid: 'com.atproto.repo.createRecord',
      body: { repo: 'did:plc:alice' },
      token,
      account: 'did:plc:alice',
      operation: 'publish',
    });
    expect(created.uri).toBe('at://did:plc:alice/app.bsky.feed.post/3k');
    await xrpc.query({
      nsid: 'com.atproto.repo.getRecord',
      params: { repo: 'did:plc:alice', collection: 'app.bsky.feed.post', rkey: '3k' },
      token,
      account: 'did:plc:alice',
      operation: 'read',
    });

    // Refused without a nonce, then the same call with the server's nonce, then the next call with the rotated one.
    expect(seen.map((s) => `${s.method} ${s.path.split('?')[0]} ${String(s.claims.nonce)}`)).toEqual([
      'POST /xrpc/com.atproto.repo.createRecord undefined',
      'POST /xrpc/com.atproto.repo.createRecord nonce-1',
      'GET /xrpc/com.atproto.repo.getRecord nonce-2',
    ]);
    for (const request of seen) {
      expect(request.authorization).toBe('DPoP access-token-1');
      expect(request.header).toMatchObject({ typ: 'dpop+jwt', alg: 'ES256', jwk: { kty: 'EC', crv: 'P-256' } });
      // The proof carries the public key only.
      expect((request.header.jwk as Record<string, unknown>).d).toBeUndefined();
      expect(request.claims).toMatchObject({
        htm: request.method,
        htu: `${base}${request.path.split('?')[0]}`,
        ath: createHash('sha256').update('access-token-1').digest('base64url'),
      });
    }
    // A proof is single-use: every attempt has its own.
    expect(new Set(seen.map((s) => s.claims.jti)).size).toBe(3);
  });
});
