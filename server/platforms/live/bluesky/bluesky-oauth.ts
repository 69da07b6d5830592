import {
  extractPdsUrl,
  FetchRequestError,
  JoseKey,
  OAuthResponseError,
  type Jwk,
  type NodeOAuthClient,
  type OAuthRedirectUri,
  type TokenSet as AtprotoTokenSet,
} from '@atproto/oauth-client-node';
import { z } from 'zod';
import type { Config } from '../../../config';
import type { TokenSet } from '../../connector';
import { PlatformError, type PlatformErrorCode } from '../../platform-error';
import { BlockedTargetError } from '../guarded-fetch';
import { blueskyClientIdentity, createBlueskyOAuthClient } from './bluesky-oauth-client';
import { blueskyOAuthAccessToken, type BlueskyOAuthToken } from './bluesky-oauth-token';

/**
 * What the connect page keeps (sealed, in the connect session) between sending the person to the
 * authorization server and the callback: the PKCE verifier and the DPoP key the code is bound to.
 */
const Pending = z.object({
  iss: z.string().url(),
  verifier: z.string().min(43),
  dpopKey: z.record(z.unknown()),
  authMethod: z.union([z.object({ method: z.literal('none') }), z.object({ method: z.literal('private_key_jwt'), kid: z.string() })]),
});
type Pending = z.infer<typeof Pending>;

export type BlueskyOAuth = {
  /** Where our callback is, as the authorization server must see it. */
  redirectUri: string;
  /**
   * The authorization page of the handle's server, reached by PAR, or null when that server
   * offers no OAuth (the app password then). An unknown handle is an `INVALID_REQUEST` whose
   * `userFacingMessage` a person may read.
   */
  authorize(input: { handle: string; state: string }): Promise<{ url: string; pending: string } | null>;
  exchange(input: { code: string; iss: string | undefined; pending: string }): Promise<TokenSet>;
  refresh(token: BlueskyOAuthToken, refreshToken: string): Promise<TokenSet>;
};

const meta = (operation: string) => ({ platform: 'BLUESKY' as const, operation });

export function blueskyOAuth(config: Config): BlueskyOAuth {
  const { redirectUri } = blueskyClientIdentity(config);
  let client: Promise<NodeOAuthClient> | null = null;
  const clientOf = () => (client ??= createBlueskyOAuthClient(config));

  return {
    redirectUri,
    async authorize({ handle, state }) {
      const oauth = await clientOf();
      const identity = await oauth.oauthResolver.resolveIdentity(handle).catch((error: unknown) => {
        throw unknownAccount(handle, error);
      });
      let pds: URL;
      try {
        pds = extractPdsUrl(identity.didDoc);
      } catch (error) {
        throw unknownAccount(handle, error);
      }
      // No protected-resource document, no authorization server, a server we may not contact:
      // that server cannot take an OAuth login, and the app password (at the operator's server) remains.
      const metadata = await oauth.oauthResolver.getResourceServerMetadata(pds).catch(() => null);
      const confidential = oauth.keyset !== undefined;
      const authMethod: Pending['authMethod'] = confidential
        ? { method: 'private_key_jwt', kid: oauth.keyset!.list({ usage: 'sign' }).next().value!.kid! }
        : { method: 'none' };
      if (!metadata?.pushed_authorization_request_endpoint || !metadata.token_endpoint_auth_methods_supported?.includes(authMethod.method)) return null;

      const dpopKey = await oauth.runtime.generateKey(metadata.dpop_signing_alg_values_supported ?? ['ES256']);
      const pkce = await oauth.runtime.generatePKCE();
      const server = await oauth.serverFactory.fromMetadata(metadata, authMethod, dpopKey);
      const par = await server
        .request('pushed_authorization_request', {
          client_id: oauth.clientMetadata.client_id,
          redirect_uri: redirectUri as OAuthRedirectUri,
          code_challenge: pkce.challenge,
          code_challenge_method: pkce.method,
          // Our connect session's id: the callback finds the session by it, once (decision 059).
          state,
          login_hint: identity.handle === 'handle.invalid' ? identity.did : identity.handle,
          response_mode: 'query',
          response_type: 'code',
          scope: oauth.clientMetadata.scope,
        })
        .catch((error: unknown) => {
          throw platformErrorOf(error, 'connect.authorize');
        });
      const url = new URL(metadata.authorization_endpoint);
      url.searchParams.set('client_id', oauth.clientMetadata.client_id);
      url.searchParams.set('request_uri', par.request_uri);
      const pending: Pending = { iss: metadata.issuer, verifier: pkce.verifier, dpopKey: dpopKey.privateJwk as Record<string, unknown>, authMethod };
      return { url: url.toString(), pending: JSON.stringify(pending) };
    },

    async exchange({ code, iss, pending: raw }) {
      const parsed = Pending.safeParse(JSON.parse(raw));
      if (!parsed.success)
        throw new PlatformError({
          code: 'PERMANENT',
          message: 'connect.exchange: the connect session holds no usable OAuth request',
          httpStatus: 0,
          meta: meta('connect.exchange'),
        });
      const pending = parsed.data;
      // RFC 9207: the answer must come from the server the request went to (mix-up attacks).
      if (iss !== undefined && iss !== pending.iss) {
        throw new PlatformError({
          code: 'PERMANENT',
          message: `connect.exchange: the answer came from ${iss}, not ${pending.iss}`,
          httpStatus: 0,
          meta: meta('connect.exchange'),
        });
      }
      const oauth = await clientOf();
      const dpopKey = await JoseKey.fromJWK(pending.dpopKey);
      try {
        const server = await oauth.serverFactory.fromIssuer(pending.iss, pending.authMethod, dpopKey);
        // Also checks that the DID's own PDS names this issuer: only then is `sub` who logged in.
        return tokensOf(await server.exchangeCode(code, pending.verifier, redirectUri as OAuthRedirectUri), pending.dpopKey as Jwk, pending.authMethod);
      } catch (error) {
        throw platformErrorOf(error, 'connect.exchange');
      }
    },

    async refresh(token, refreshToken) {
      const oauth = await clientOf();
      try {
        const server = await oauth.serverFactory.fromIssuer(token.iss, token.authMethod, await JoseKey.fromJWK(token.dpopKey));
        const refreshed = await server.refresh({
          iss: token.iss,
          sub: token.sub as AtprotoTokenSet['sub'],
          aud: token.aud,
          scope: token.scope as AtprotoTokenSet['scope'],
          access_token: token.accessToken,
          refresh_token: refreshToken,
          token_type: 'DPoP',
        });
        return tokensOf(refreshed, token.dpopKey, token.authMethod);
      } catch (error) {
        const mapped = platformErrorOf(error, 'auth.refresh');
        // A refresh token that expired or was revoked (the person signed SocialDesk out on their
        // server): only connecting again helps, as for an app password's refused refresh.
        if (mapped.code === 'INVALID_REQUEST' || mapped.code === 'PERMANENT') {
          throw new PlatformError({ code: 'ACCESS_REVOKED', message: mapped.message, httpStatus: mapped.httpStatus, meta: mapped.meta });
        }
        throw mapped;
      }
    },
  };
}

function tokensOf(tokens: AtprotoTokenSet, dpopKey: Jwk, authMethod: Pending['authMethod']): TokenSet {
  const token = blueskyOAuthAccessToken({
    accessToken: tokens.access_token,
    dpopKey,
    authMethod,
    iss: tokens.iss,
    aud: tokens.aud,
    sub: tokens.sub,
    scope: tokens.scope,
  });
  return {
    accessToken: token,
    refreshToken: tokens.refresh_token ?? null,
    expiresAt: tokens.expires_at ? new Date(tokens.expires_at) : new Date(Date.now() + 3600_000),
  };
}

function unknownAccount(handle: string, cause: unknown): PlatformError {
  const blocked = findCause(cause, BlockedTargetError);
  return new PlatformError({
    code: 'INVALID_REQUEST',
    message: `connect.authorize: cannot resolve ${handle}: ${describe(cause)}`,
    httpStatus: 0,
    userFacingMessage: blocked
      ? `The server of ${handle} cannot be used: ${blocked.message}.`
      : `No Bluesky account was found for ${handle}. Check the handle (such as alice.bsky.social).`,
    meta: meta('connect.authorize'),
  });
}

/** The library's errors as ours: a server's OAuth error keeps its name in `meta.oauthError`. */
function platformErrorOf(error: unknown, operation: string): PlatformError {
  if (error instanceof PlatformError) return error;
  const response = findCause(error, OAuthResponseError);
  if (response) {
    const code: PlatformErrorCode = response.status >= 500 ? 'TRANSIENT' : response.status === 429 ? 'RATE_LIMITED' : 'INVALID_REQUEST';
    return new PlatformError({
      code,
      message: `${operation}: ${response.status} ${response.error ?? ''} ${response.errorDescription ?? ''}`.trim(),
      httpStatus: response.status,
      meta: { ...meta(operation), ...(response.error ? { oauthError: response.error } : {}) },
    });
  }
  const blocked = findCause(error, BlockedTargetError);
  if (blocked) {
    return new PlatformError({
      code: 'INVALID_REQUEST',
      message: `${operation}: refused: ${blocked.message}`,
      httpStatus: 0,
      userFacingMessage: `This server cannot be used: ${blocked.message}.`,
      meta: { ...meta(operation), blockedHost: blocked.message },
    });
  }
  // The server did not answer, or answered nothing we could read (an outage, a timeout).
  const code: PlatformErrorCode = findCause(error, FetchRequestError) || isNetworkError(error) ? 'TRANSIENT' : 'PERMANENT';
  return new PlatformError({ code, message: `${operation}: ${describe(error)}`, httpStatus: 0, meta: meta(operation) });
}

function findCause<T>(error: unknown, type: abstract new (...args: never[]) => T): T | null {
  for (let current = error, depth = 0; current && depth < 6; current = (current as { cause?: unknown }).cause, depth += 1) {
    if (current instanceof type) return current;
  }
  return null;
}

function isNetworkError(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 6; current = current.cause, depth += 1) {
    if (current.name === 'TimeoutError' || current.name === 'AbortError' || /ECONNREFUSED|ECONNRESET|ENOTFOUND|fetch failed/.test(current.message)) return true;
  }
  return false;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
