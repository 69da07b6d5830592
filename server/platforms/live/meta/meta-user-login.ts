import type { AuthCapability, LiveConnectCapability, PlatformProfile, ProfileCapability, TokenSet } from '../../connector';
import { TTL } from '../../platform-definition';
import { PlatformError } from '../../platform-error';
import type { MetaApp } from './meta-config';
import { metaAccessToken, readMetaToken } from './meta-credentials';
import type { MetaGraph } from './meta-graph';
import { permissionsFrom, scopesFor, type ScopeTable } from './meta-permissions';

/**
 * Long-lived Instagram Login and Threads tokens last 60 days and can be refreshed only while valid
 * (and at least a day old): they are refreshed once half their life is gone, on use and by the
 * daily sweep, so a failure leaves a month of retries before the account is lost.
 */
export const META_REFRESH_AHEAD_SECONDS = 30 * TTL.day;

/**
 * The login both Instagram Login and Threads use: an authorization page, the code POSTed for a
 * short-lived token, a GET for the long-lived one, a GET to refresh it; only the hosts and the
 * grant names differ (https://developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/business-login,
 * https://developers.facebook.com/docs/threads/get-started/get-access-tokens-and-permissions).
 */
export type UserLoginProduct<Me> = {
  platform: 'INSTAGRAM' | 'THREADS';
  kind: 'instagram' | 'threads';
  app: MetaApp;
  /** The authorization page itself. */
  authorizeUrl: string;
  /** Where the code is POSTed (`/oauth/access_token`): api.instagram.com, or graph.threads.net. */
  codeHost: MetaGraph;
  /** The Graph host of the product: long-lived tokens, refreshes, the profile. */
  graph: MetaGraph;
  grants: { exchange: 'ig_exchange_token' | 'th_exchange_token'; refresh: 'ig_refresh_token' | 'th_refresh_token' };
  scopes: ScopeTable;
  /** Query parameters that make the page ask for the login again (`reconnect: true`). */
  reauthenticate: Record<string, string>;
  /** The account's `/me`: the fields asked, and how they read as a profile (`userId` is the id the code answered). */
  me: { fields: string; profile: (me: Me, userId: string) => PlatformProfile };
};

type CodeGrant = { access_token?: string; user_id?: string | number; permissions?: string | string[] };
type TokenAnswer = { access_token?: string; token_type?: string; expires_in?: number };

export type OAuthConnect = Extract<LiveConnectCapability, { method: 'oauth' }>;

export function userLogin<Me>(product: UserLoginProduct<Me>): { connect: OAuthConnect; auth: AuthCapability; profile: ProfileCapability } {
  const { platform, kind, app, graph } = product;
  const meta = (operation: string) => ({ platform, operation });
  const tokenOf = (answer: TokenAnswer, operation: string): string => {
    // A good token is never swapped for an empty one: an answer without one is a failure.
    if (answer.access_token) return answer.access_token;
    throw new PlatformError({
      code: 'TRANSIENT',
      message: `${operation}: ${platform} answered without an access token`,
      httpStatus: 200,
      meta: meta(operation),
    });
  };
  const tokenSet = (token: string, userId: string, scopes: string[], expiresIn: number | undefined): TokenSet => ({
    accessToken: metaAccessToken({ kind, token, userId, scopes }),
    // The long-lived token is its own refresh credential: `refresh_access_token` takes it.
    refreshToken: token,
    expiresAt: new Date(Date.now() + (expiresIn ?? TTL.sixtyDays) * 1000),
  });

  return {
    connect: {
      method: 'oauth',
      async authorizationUrl(_env, input) {
        const query = new URLSearchParams({
          client_id: app.id,
          redirect_uri: input.redirectUri,
          response_type: 'code',
          scope: scopesFor(product.scopes, input.permissions).join(','),
          state: input.state,
          ...(input.reconnect ? product.reauthenticate : {}),
        });
        return `${product.authorizeUrl}?${query}`;
      },
      async exchange(_env, input) {
        const operation = 'connect.exchangeCode';
        const answer = await product.codeHost.call<CodeGrant | { data?: CodeGrant[] }>({
          operation,
          path: '/oauth/access_token',
          unversioned: true,
          once: true,
          form: { client_id: app.id, client_secret: app.secret, grant_type: 'authorization_code', redirect_uri: input.redirectUri, code: input.code },
        });
        // Instagram answers `{ data: [{ access_token, user_id, permissions }] }`, Threads `{ access_token, user_id }`.
        const grant: CodeGrant = ('data' in answer && Array.isArray(answer.data) ? answer.data[0] : (answer as CodeGrant)) ?? {};
        const short = tokenOf(grant, operation);
        const granted = typeof grant.permissions === 'string' ? grant.permissions.split(',') : grant.permissions;
        const long = await graph.call<TokenAnswer>({
          operation: 'connect.longLivedToken',
          path: '/access_token',
          unversioned: true,
          query: { grant_type: product.grants.exchange, client_secret: app.secret, access_token: short },
        });
        // Threads reports no scopes with its tokens: its authorization window grants what was asked.
        const scopes = (granted ?? scopesFor(product.scopes, input.permissions ?? [])).map((scope) => scope.trim()).filter(Boolean);
        return tokenSet(tokenOf(long, 'connect.longLivedToken'), String(grant.user_id ?? ''), scopes, long.expires_in);
      },
    },
    auth: {
      refreshAheadSeconds: META_REFRESH_AHEAD_SECONDS,
      async refresh(_env, credentials) {
        const operation = 'auth.refresh';
        const held = readMetaToken(credentials, kind, meta(operation));
        const answer = await graph.call<TokenAnswer>({
          operation,
          path: '/refresh_access_token',
          unversioned: true,
          token: held.token,
          query: { grant_type: product.grants.refresh },
        });
        return tokenSet(tokenOf(answer, operation), held.userId, held.scopes, answer.expires_in);
      },
    },
    // The account itself, no channels; its permissions are the scopes recorded with the token.
    profile: {
      async fetch(_env, credentials) {
        const operation = 'profile.fetch';
        const held = readMetaToken(credentials, kind, meta(operation));
        const me = await graph.call<Me>({ operation, path: '/me', token: held.token, query: { fields: product.me.fields } });
        return { profile: product.me.profile(me, held.userId), permissions: permissionsFrom(product.scopes, held.scopes) };
      },
      listChannels: async () => [],
    },
  };
}
