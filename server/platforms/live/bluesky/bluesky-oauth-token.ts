import type { Jwk } from '@atproto/oauth-client-node';

/**
 * What an OAuth-connected Bluesky account keeps as its access token (decision 065). Its tokens are
 * DPoP-bound: they are worthless without the private key that signs each call's proof, so the key
 * is kept with them, inside the sealed access token (as Mastodon's sealed token carries its
 * server), and changes only with a new connection. `aud` is the account's PDS, where its calls go;
 * `iss` the authorization server that refreshes them.
 */
export type BlueskyOAuthToken = {
  kind: 'oauth';
  accessToken: string;
  /** The private JWK the tokens are bound to. */
  dpopKey: Jwk;
  /** How the token endpoint authenticates us: `none` (public client) or a `private_key_jwt` key id. */
  authMethod: { method: 'none' } | { method: 'private_key_jwt'; kid: string };
  iss: string;
  aud: string;
  sub: string;
  scope: string;
};

export function blueskyOAuthAccessToken(token: Omit<BlueskyOAuthToken, 'kind'>): string {
  return JSON.stringify({ kind: 'oauth', ...token } satisfies BlueskyOAuthToken);
}

/** The OAuth token, or null for an app-password session (a bare JWT, never JSON). */
export function readBlueskyOAuthToken(accessToken: string): BlueskyOAuthToken | null {
  if (!accessToken.startsWith('{')) return null;
  try {
    const parsed = JSON.parse(accessToken) as Partial<BlueskyOAuthToken>;
    if (
      parsed.kind === 'oauth' &&
      typeof parsed.accessToken === 'string' &&
      parsed.dpopKey &&
      typeof parsed.aud === 'string' &&
      typeof parsed.sub === 'string'
    ) {
      return parsed as BlueskyOAuthToken;
    }
  } catch {
    // Falls through: not a token this connector stored.
  }
  return null;
}
