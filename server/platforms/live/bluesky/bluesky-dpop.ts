import { createHash, randomUUID } from 'node:crypto';
import { JoseKey } from '@atproto/oauth-client-node';
import type { BlueskyOAuthToken } from './bluesky-oauth-token';

/**
 * DPoP proofs (RFC 9449) for the calls of an OAuth-connected account: each request carries a JWT
 * signed with the key its token is bound to, naming the method, the URL, a hash of the token and
 * the server's latest nonce. The library signs (its `Key`); the request itself goes through our
 * live HTTP client, so its timeouts, retries and per-account limits hold.
 */
export async function dpopProof(token: BlueskyOAuthToken, input: { method: string; url: string; nonce: string | undefined }): Promise<string> {
  const key = await JoseKey.fromJWK(token.dpopKey as Record<string, unknown>);
  const url = new URL(input.url);
  return key.createJwt(
    // A stored JWK names no `alg`, so the key offers its curve's every use (ECDH too): sign with ES256, which every atproto server takes.
    { alg: key.algorithms.includes('ES256') ? 'ES256' : key.algorithms.find((alg) => /^(ES|EdDSA)/.test(alg))!, typ: 'dpop+jwt', jwk: key.bareJwk },
    {
      iat: Math.floor(Date.now() / 1000),
      jti: randomUUID(),
      htm: input.method,
      // Without query and fragment, as the server compares it.
      htu: `${url.origin}${url.pathname}`,
      nonce: input.nonce,
      ath: createHash('sha256').update(token.accessToken).digest('base64url'),
    },
  );
}

/**
 * The servers' latest nonces, by origin. Only a shortcut: a server that wants a newer one answers
 * `use_dpop_nonce` with it and the call is sent once more, so a process that never saw it (another
 * instance, a restart) loses one round trip, nothing else.
 */
export class DpopNonces {
  private readonly nonces = new Map<string, string>();

  get(url: string): string | undefined {
    return this.nonces.get(new URL(url).origin);
  }

  remember(url: string, nonce: string | null | undefined): void {
    if (!nonce) return;
    const origin = new URL(url).origin;
    // Re-inserted so the map stays in use order and the oldest origin is the one dropped.
    this.nonces.delete(origin);
    this.nonces.set(origin, nonce);
    if (this.nonces.size > 1000) this.nonces.delete(this.nonces.keys().next().value!);
  }
}
