import type { MetaConfig } from './meta-config';
import { MetaGraph } from './meta-graph';
import { INSTAGRAM_LOGIN_SCOPES } from './meta-permissions';
import { userLogin } from './meta-user-login';

type InstagramMe = { user_id?: string; id?: string; username?: string; name?: string; profile_picture_url?: string; account_type?: string };

/**
 * Instagram API with Instagram Login (`instagramConnectionMethod: INSTAGRAM`): the person logs in
 * on instagram.com with the Meta app's Instagram app id; the account is the professional account
 * itself (no Page, no channel to pick), its token refreshed every 30 days.
 */
export function instagramLogin(config: MetaConfig) {
  const { app, authorizeUrl, tokenUrl, graphUrl } = config.instagram;
  const host = { http: config.http, platform: 'INSTAGRAM' as const, version: config.graphVersion, appSecret: app.secret };
  return userLogin<InstagramMe>({
    platform: 'INSTAGRAM',
    kind: 'instagram',
    app,
    authorizeUrl: `${authorizeUrl}/oauth/authorize`,
    codeHost: new MetaGraph({ ...host, baseUrl: tokenUrl }),
    graph: new MetaGraph({ ...host, baseUrl: graphUrl }),
    grants: { exchange: 'ig_exchange_token', refresh: 'ig_refresh_token' },
    scopes: INSTAGRAM_LOGIN_SCOPES,
    reauthenticate: { force_reauth: 'true' },
    me: {
      fields: 'user_id,username,name,profile_picture_url,account_type',
      profile: (me, userId) => ({
        // `user_id` is the professional account's id (the one webhooks and publishing use); `id` is app-scoped.
        externalId: String(me.user_id ?? userId),
        username: me.username ?? null,
        displayName: me.name ?? me.username ?? null,
        bio: null,
        avatarUrl: me.profile_picture_url ?? null,
        email: null,
        attributes: { connectionMethod: 'INSTAGRAM', accountType: me.account_type ?? null },
      }),
    },
  });
}
