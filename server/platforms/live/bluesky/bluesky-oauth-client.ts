import { buildAtprotoLoopbackClientMetadata, JoseKey, NodeOAuthClient, type OAuthClientMetadataInput } from '@atproto/oauth-client-node';
import type { Config } from '../../../config';
import { guardedFetch } from '../guarded-fetch';

/** What SocialDesk asks for: the account's repository and the AppView through its PDS (no DMs, no email). */
export const BLUESKY_OAUTH_SCOPE = 'atproto transition:generic';

export const CLIENT_METADATA_PATH = '/connect/bluesky/client-metadata.json';
export const JWKS_PATH = '/connect/bluesky/jwks.json';

/**
 * Who SocialDesk is to an atproto authorization server (decision 065). On an https PUBLIC_URL the
 * client id is the URL of the metadata document we serve (a web client; confidential when
 * `BLUESKY_OAUTH_PRIVATE_KEY` is set, its public half at JWKS_PATH). Otherwise it is the atproto
 * loopback client, which servers accept for development: its metadata lives in its client id, and
 * its redirect must name 127.0.0.1 (servers refuse `localhost`).
 */
export function blueskyClientIdentity(config: Config): { metadata: OAuthClientMetadataInput; redirectUri: string; confidential: boolean } {
  const publicUrl = new URL(config.publicUrl);
  if (publicUrl.protocol === 'https:') {
    const redirectUri = `${config.publicUrl}/connect/callback`;
    const confidential = Boolean(config.BLUESKY_OAUTH_PRIVATE_KEY);
    return {
      redirectUri,
      confidential,
      metadata: {
        client_id: `${config.publicUrl}${CLIENT_METADATA_PATH}`,
        client_name: 'SocialDesk',
        client_uri: config.publicUrl,
        redirect_uris: [redirectUri as `https://${string}`],
        scope: BLUESKY_OAUTH_SCOPE,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        application_type: 'web',
        dpop_bound_access_tokens: true,
        ...(confidential
          ? {
              token_endpoint_auth_method: 'private_key_jwt',
              token_endpoint_auth_signing_alg: 'ES256',
              jwks_uri: `${config.publicUrl}${JWKS_PATH}` as `https://${string}`,
            }
          : { token_endpoint_auth_method: 'none' }),
      },
    };
  }
  if (publicUrl.hostname === 'localhost') publicUrl.hostname = '127.0.0.1';
  const redirectUri = `${publicUrl.origin}/connect/callback`;
  return {
    redirectUri,
    confidential: false,
    metadata: buildAtprotoLoopbackClientMetadata({ scope: BLUESKY_OAUTH_SCOPE, redirect_uris: [redirectUri] }),
  };
}

/**
 * OAuth is offered when the operator left it on and our callback is reachable as servers require:
 * on https, or on this machine (the loopback client, development). A plain-http address elsewhere
 * would be refused by every server, so such an installation keeps app passwords only.
 */
export function blueskyOAuthOffered(config: Config): boolean {
  if (config.BLUESKY_OAUTH === 'off') return false;
  const { protocol, hostname } = new URL(config.publicUrl);
  return protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
}

/**
 * The library's client, used for its parts: resolving a handle to its authorization server, PAR
 * with PKCE and DPoP, the code exchange with its issuer check, and refresh. Its own session and
 * state stores are not used (decision 065): the state is our one-use connect session and tokens
 * live sealed on the account, refreshed one at a time by `credentials.ts`; so the stores given
 * here refuse to be used rather than keep anything in this process's memory.
 */
export async function createBlueskyOAuthClient(config: Config): Promise<NodeOAuthClient> {
  const identity = blueskyClientIdentity(config);
  const keyset = identity.confidential ? [await JoseKey.fromImportable(config.BLUESKY_OAUTH_PRIVATE_KEY!)] : undefined;
  const unused = {
    get: () => Promise.reject(new Error('unused: the connect session keeps the OAuth state')),
    set: () => Promise.reject(new Error('unused: the account keeps its tokens')),
    del: () => Promise.resolve(),
  };
  return new NodeOAuthClient({
    clientMetadata: identity.metadata,
    keyset,
    stateStore: unused,
    sessionStore: unused,
    // Refreshes never run inside the library (see above); credentials.ts serializes ours.
    requestLock: (_name, fn) => fn(),
    // Handles are resolved by the operator's server (`com.atproto.identity.resolveHandle`), so no
    // request goes to a host named by the handle itself.
    handleResolver: config.BLUESKY_SERVICE_URL,
    plcDirectoryUrl: config.BLUESKY_PLC_URL,
    // Plain http only where the operator's own server is (a development PDS).
    allowHttp: new URL(config.BLUESKY_SERVICE_URL).protocol === 'http:',
    fetch: guardedFetch({
      trustedOrigins: [config.BLUESKY_SERVICE_URL, config.BLUESKY_PLC_URL],
      allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: config.LIVE_HTTP_TIMEOUT_SECONDS * 1000,
    }),
  });
}
