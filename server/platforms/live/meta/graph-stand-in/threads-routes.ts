import type { LocalReceiver } from '../../test-kit/local-receiver';
import { authorizationWindow } from './consent-page';
import { graphError } from './graph-rules';
import type { MetaWorld } from './stand-in-world';
import { codeEndpoint, userLoginGraph, type UserLoginHost } from './user-login-routes';

const THREADS_SCOPES = ['threads_basic', 'threads_content_publish', 'threads_manage_replies', 'threads_read_replies', 'threads_manage_insights'];

const host: UserLoginHost = {
  product: 'threads',
  grants: { exchange: 'th_exchange_token', refresh: 'th_refresh_token' },
  codeAnswer: (token) => ({ access_token: token.value, user_id: token.subject }),
  codeError: (message) => graphError({ message, type: 'OAuthException', code: 100 }),
};

/**
 * Threads (https://developers.facebook.com/docs/threads/get-started/get-access-tokens-and-permissions):
 * the authorization window on `THREADS_AUTHORIZE_URL`, and on `THREADS_GRAPH_URL` the code
 * endpoint, the token ladder and `/{version}/me`.
 */
export function threadsRoutes(hosts: { authorize: LocalReceiver; graph: LocalReceiver }, world: MetaWorld, version: string): void {
  authorizationWindow(hosts.authorize, world, '/oauth/authorize', {
    product: 'threads',
    title: 'Allow access to your Threads profile',
    knownScopes: THREADS_SCOPES,
    requiredScope: 'threads_basic',
    withPages: false,
    declinable: false,
    denial: { error: 'access_denied', error_reason: 'user_denied', error_description: 'The user denied your request' },
    fragment: '#_',
  });
  codeEndpoint(hosts.graph, world, host);
  userLoginGraph(hosts.graph, world, host, version, (token) => {
    const profile = world.threadsProfiles.find((candidate) => candidate.id === token.subject)!;
    return {
      id: profile.id,
      username: profile.username,
      name: profile.name,
      threads_profile_picture_url: profile.pictureUrl,
      threads_biography: profile.biography,
    };
  });
}
