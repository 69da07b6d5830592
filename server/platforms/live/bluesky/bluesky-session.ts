import type { AuthCapability, LiveConnectCapability, PlatformProfile, ProfileCapability, TokenSet } from '../../connector';
import type { Permission } from '../../permissions';
import { PlatformError } from '../../platform-error';
import type { BlueskyOAuth } from './bluesky-oauth';
import { readBlueskyOAuthToken } from './bluesky-oauth-token';
import type { BlueskyXrpc } from './bluesky-xrpc';

type Session = { accessJwt: string; refreshJwt: string; did: string; handle: string; email?: string };

/** The DID an access token was issued to (its `sub`): every repo call names the repo. */
export function didOf(accessToken: string): string {
  const sub = readBlueskyOAuthToken(accessToken)?.sub ?? claims(accessToken).sub;
  if (typeof sub !== 'string' || !sub.startsWith('did:')) throw new Error('a Bluesky access token without a DID subject');
  return sub;
}

/** The session JWT's own expiry; the PDS issues about two hours. */
function expiryOf(accessToken: string): Date {
  const exp = claims(accessToken).exp;
  return typeof exp === 'number' ? new Date(exp * 1000) : new Date(Date.now() + 2 * 3600_000);
}

function claims(jwt: string): Record<string, unknown> {
  try {
    return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

const tokensOf = (session: Session): TokenSet => ({ accessToken: session.accessJwt, refreshToken: session.refreshJwt, expiresAt: expiryOf(session.accessJwt) });

/**
 * Logging in with an app password, or with OAuth where the account's server offers it (decision
 * 065), and refreshing either kind of session.
 */
export function blueskySession(
  xrpc: BlueskyXrpc,
  serviceUrl: string,
  oauth: BlueskyOAuth | null,
): { connect: LiveConnectCapability; auth: AuthCapability; profile: ProfileCapability } {
  return {
    connect: {
      method: 'app-password',
      oauth: oauth && {
        authorize: (_env, input) => oauth.authorize(input),
        exchange: (_env, input) => oauth.exchange(input),
      },
      identifierLabel: 'Handle or email',
      appPasswordHelpUrl: 'https://bsky.app/settings/app-passwords',
      async login(_env, { identifier, password }) {
        const session = await xrpc.procedure<Session>({
          nsid: 'com.atproto.server.createSession',
          body: { identifier: identifier.replace(/^@/, ''), password },
          token: null,
          account: `login:${identifier}`,
          operation: 'connect.login',
        });
        return tokensOf(session);
      },
    },
    auth: {
      async refresh(_env, credentials) {
        if (!credentials.refreshToken) throw new Error('a Bluesky session without a refresh token');
        const oauthToken = readBlueskyOAuthToken(credentials.accessToken);
        if (oauthToken) {
          if (!oauth)
            throw new PlatformError({
              code: 'ACCESS_REVOKED',
              message: 'auth.refresh: Bluesky OAuth is off (BLUESKY_OAUTH=off); reconnect with an app password',
              httpStatus: 0,
              meta: { platform: 'BLUESKY', operation: 'auth.refresh' },
            });
          return oauth.refresh(oauthToken, credentials.refreshToken);
        }
        // The refresh JWT is single-use: the answer carries the next one, stored at once by the caller.
        const session = await xrpc
          .procedure<Session>({
            nsid: 'com.atproto.server.refreshSession',
            body: undefined,
            token: credentials.refreshToken,
            account: didOf(credentials.accessToken),
            operation: 'auth.refresh',
          })
          .catch((error: unknown) => {
            // A refresh JWT that expired (90 days) or was revoked with its app password: only logging in again helps.
            if (error instanceof PlatformError && (error.code === 'TOKEN_EXPIRED' || error.code === 'INVALID_REQUEST')) {
              throw new PlatformError({ code: 'ACCESS_REVOKED', message: error.message, httpStatus: error.httpStatus, meta: error.meta });
            }
            throw error;
          });
        return tokensOf(session);
      },
    },
    profile: {
      async fetch(_env, credentials) {
        const did = didOf(credentials.accessToken);
        const session = await xrpc.query<Omit<Session, 'accessJwt' | 'refreshJwt'>>({
          nsid: 'com.atproto.server.getSession',
          params: {},
          token: credentials.accessToken,
          account: did,
          operation: 'profile.fetch',
        });
        // The profile record lives in the repo itself: no AppView is needed to read it.
        const record = await xrpc
          .query<{ value: { displayName?: string; description?: string; avatar?: { ref?: { $link?: string } } } }>({
            nsid: 'com.atproto.repo.getRecord',
            params: { repo: did, collection: 'app.bsky.actor.profile', rkey: 'self' },
            token: credentials.accessToken,
            account: did,
            operation: 'profile.fetch',
          })
          .catch((error: unknown) => {
            if ((error as { code?: string }).code === 'NOT_FOUND') return null;
            throw error;
          });
        const avatarCid = record?.value.avatar?.ref?.$link;
        const profile: PlatformProfile = {
          externalId: session.did,
          username: session.handle,
          displayName: record?.value.displayName ?? null,
          bio: record?.value.description ?? null,
          avatarUrl: avatarCid ? blobUrl(accountServer(credentials.accessToken, serviceUrl), session.did, avatarCid) : null,
          email: session.email ?? null,
          attributes: {},
        };
        // An app password may publish, read and delete; it cannot read DMs unless made with that option.
        const permissions: Permission[] = ['profile', 'publish', 'analytics', 'comments'];
        return { profile, permissions };
      },
      async listChannels() {
        return [];
      },
    },
  };
}

/** A blob as the PDS serves it: works for any PDS, the public network's and a self-hosted one. */
export function blobUrl(serviceUrl: string, did: string, cid: string): string {
  return `${serviceUrl.replace(/\/$/, '')}/xrpc/com.atproto.sync.getBlob?did=${encodeURIComponent(did)}&cid=${encodeURIComponent(cid)}`;
}

/** The server that answers for the account: an OAuth account's own PDS; an app password logs in at the operator's server. */
export function accountServer(accessToken: string, serviceUrl: string): string {
  return readBlueskyOAuthToken(accessToken)?.aud ?? serviceUrl;
}
