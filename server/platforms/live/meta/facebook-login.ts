import type { AuthCapability, TokenSet } from '../../connector';
import { TTL } from '../../platform-definition';
import { PlatformError } from '../../platform-error';
import type { MetaConfig } from './meta-config';
import { metaAccessToken } from './meta-credentials';
import { MetaGraph } from './meta-graph';

type TokenAnswer = { access_token?: string; token_type?: string; expires_in?: number };

export type FacebookLogin = ReturnType<typeof facebookLogin>;

/**
 * Facebook Login for Business, manually built (https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow):
 * the login dialog with the scopes asked, the code for a short-lived user token, that one for a
 * long-lived user token (`fb_exchange_token`, about 60 days). Pages and Instagram accounts linked
 * to a Page (`instagramConnectionMethod: FACEBOOK`) share it; the Page tokens come with the channel.
 */
export function facebookLogin(config: MetaConfig, platform: 'FACEBOOK' | 'INSTAGRAM') {
  const { app, graphUrl, dialogUrl } = config.facebook;
  const graph = new MetaGraph({ http: config.http, platform, baseUrl: graphUrl, version: config.graphVersion, appSecret: app.secret });

  const noToken = (operation: string) =>
    new PlatformError({
      code: 'PERMANENT',
      message: `${operation}: Facebook answered without an access token`,
      httpStatus: 200,
      meta: { platform, operation },
    });

  return {
    graph,
    platform,
    authorizationUrl(input: { state: string; redirectUri: string; scopes: string[]; reconnect?: boolean }): string {
      const query = new URLSearchParams({
        client_id: app.id,
        redirect_uri: input.redirectUri,
        state: input.state,
        response_type: 'code',
        scope: input.scopes.join(','),
      });
      // Asks again for permissions the person declined before, instead of remembering the refusal.
      if (input.reconnect) query.set('auth_type', 'rerequest');
      return `${dialogUrl}/${config.graphVersion}/dialog/oauth?${query}`;
    },
    async exchange(input: { code: string; redirectUri: string }): Promise<TokenSet> {
      const short = await graph.call<TokenAnswer>({
        operation: 'connect.exchangeCode',
        path: '/oauth/access_token',
        query: { client_id: app.id, redirect_uri: input.redirectUri, client_secret: app.secret, code: input.code },
        once: true,
      });
      if (!short.access_token) throw noToken('connect.exchangeCode');
      const long = await graph.call<TokenAnswer>({
        operation: 'connect.longLivedToken',
        path: '/oauth/access_token',
        query: { grant_type: 'fb_exchange_token', client_id: app.id, client_secret: app.secret, fb_exchange_token: short.access_token },
      });
      if (!long.access_token) throw noToken('connect.longLivedToken');
      // The user token's own lifetime; Page tokens made from it do not expire.
      const seconds = long.expires_in ?? TTL.sixtyDays;
      return {
        accessToken: metaAccessToken({ kind: 'facebook', user: long.access_token }),
        refreshToken: null,
        expiresAt: new Date(Date.now() + seconds * 1000),
      };
    },
    /** Long-lived Facebook user tokens cannot be refreshed from a server: the person logs in again. */
    auth: {
      async refresh() {
        throw new PlatformError({
          code: 'TOKEN_EXPIRED',
          message: 'auth.refresh: Facebook user tokens are renewed by logging in again',
          httpStatus: 400,
          meta: { platform, operation: 'auth.refresh' },
        });
      },
    } satisfies AuthCapability,
  };
}
