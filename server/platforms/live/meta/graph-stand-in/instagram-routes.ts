import { json, type LocalReceiver } from '../../test-kit/local-receiver';
import { authorizationWindow } from './consent-page';
import type { MetaWorld } from './stand-in-world';
import { codeEndpoint, userLoginGraph, type UserLoginHost } from './user-login-routes';

const INSTAGRAM_LOGIN_SCOPES = [
  'instagram_business_basic',
  'instagram_business_content_publish',
  'instagram_business_manage_comments',
  'instagram_business_manage_messages',
  'instagram_business_manage_insights',
];

const host: UserLoginHost = {
  product: 'instagram',
  grants: { exchange: 'ig_exchange_token', refresh: 'ig_refresh_token' },
  codeAnswer: (token) => ({ data: [{ access_token: token.value, user_id: token.subject, permissions: token.scopes.join(',') }] }),
  codeError: (message) => json({ error_type: 'OAuthException', code: 400, error_message: message }, 400),
};

/**
 * Instagram API with Instagram Login on three hosts, as its settings name them: the authorization
 * page (`INSTAGRAM_AUTHORIZE_URL`, `/oauth/authorize`, `force_reauth` recorded), the code endpoint
 * (`INSTAGRAM_TOKEN_URL`), and graph.instagram.com (`INSTAGRAM_GRAPH_URL`: the token ladder, `/me`).
 */
export function instagramRoutes(hosts: { authorize: LocalReceiver; token: LocalReceiver; graph: LocalReceiver }, world: MetaWorld, version: string): void {
  authorizationWindow(hosts.authorize, world, '/oauth/authorize', {
    product: 'instagram',
    title: 'Allow access to your Instagram professional account',
    knownScopes: INSTAGRAM_LOGIN_SCOPES,
    requiredScope: 'instagram_business_basic',
    withPages: false,
    declinable: true,
    denial: { error: 'access_denied', error_reason: 'user_denied', error_description: 'The user denied your request' },
    fragment: '#_',
  });
  codeEndpoint(hosts.token, world, host);
  userLoginGraph(hosts.graph, world, host, version, (token) => {
    const account = world.instagramAccounts.find((candidate) => candidate.userId === token.subject)!;
    return {
      id: account.appScopedId,
      user_id: account.userId,
      username: account.username,
      name: account.name,
      profile_picture_url: account.pictureUrl,
      account_type: account.accountType,
    };
  });
}
