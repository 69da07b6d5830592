import { json, type LocalReceiver, type Received } from '../../test-kit/local-receiver';
import { authenticate, clientOf, fieldsOf, graphError, liveToken, paramsOf, pick, versionedPath } from './graph-rules';
import type { MetaWorld, Product, StandInToken } from './stand-in-world';

const DAY_MS = 86_400_000;

/**
 * The token ladder Instagram Login and Threads share
 * (https://developers.facebook.com/docs/instagram-platform/reference/access_token,
 * https://developers.facebook.com/docs/threads/get-started/long-lived-tokens): the code POSTed for
 * a one-hour token, `GET /access_token` for a 60-day one, `GET /refresh_access_token` for a fresh
 * 60-day one, which Meta grants only while the token is valid and at least a day old.
 */
export type UserLoginHost = {
  product: Exclude<Product, 'facebook'>;
  grants: { exchange: string; refresh: string };
  /** How the code endpoint answers: Instagram `{ data: [{ access_token, user_id, permissions }] }`, Threads `{ access_token, user_id }`. */
  codeAnswer: (token: StandInToken) => unknown;
  /** How the code endpoint refuses: Instagram's `{ error_type, code, error_message }`, Threads' Graph error. */
  codeError: (message: string) => Response;
};

/** `POST /oauth/access_token`: form fields (urlencoded or multipart), the code once, with its `redirect_uri`. */
export function codeEndpoint(receiver: LocalReceiver, world: MetaWorld, host: UserLoginHost): void {
  receiver.on('POST /oauth/access_token', async (received) => {
    const params = await paramsOf(received);
    const app = world.apps[host.product];
    if (params.get('client_id') !== app.id) return host.codeError('Invalid platform app');
    if (params.get('client_secret') !== app.secret) return host.codeError('Error validating client secret');
    if (params.get('grant_type') !== 'authorization_code') return host.codeError('Unsupported grant type');
    const code = world.code(params.get('code') ?? '');
    if (!code || code.product !== host.product || code.used) return host.codeError('Matching code was not found or was already used');
    if (code.expired) return host.codeError('This authorization code has expired');
    if (code.redirectUri !== params.get('redirect_uri'))
      return host.codeError(
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      );
    world.useCode(code.value);
    const token = world.issueToken({ product: host.product, kind: 'short', subject: code.subject, scopes: code.scopes, pages: [] });
    return json(host.codeAnswer(token));
  });
}

/**
 * The product's Graph host: an armed fault first, then the token ladder, then `/{version}/me`
 * with a valid token and its proof (the fields asked, `id` always).
 */
export function userLoginGraph(
  receiver: LocalReceiver,
  world: MetaWorld,
  host: UserLoginHost,
  version: string,
  me: (token: StandInToken) => Record<string, unknown>,
): void {
  receiver.otherwise(async (received) => {
    const fault = world.takeFault(host.product);
    if (fault) return json(fault.body, fault.status, fault.headers);
    const params = await paramsOf(received);
    const ladder = tokenLadder(received, params, world, host);
    if (ladder) return ladder;
    const path = versionedPath(received, version);
    if (path instanceof Response) return path;
    const token = authenticate(world, host.product, params, received);
    if (token instanceof Response) return token;
    if (received.method === 'GET' && path === '/me') return json(pick(me(token), fieldsOf(params, ['id'])));
    return graphError({ message: `Unknown path components: ${path}`, type: 'OAuthException', code: 2500 });
  });
}

/** `GET /access_token` and `GET /refresh_access_token` on the product's Graph host. */
function tokenLadder(received: Received, params: URLSearchParams, world: MetaWorld, host: UserLoginHost): Response | null {
  if (received.method !== 'GET') return null;
  if (received.path === '/access_token') {
    if (params.get('grant_type') !== host.grants.exchange) return graphError({ message: 'Unsupported grant_type', type: 'OAuthException', code: 100 });
    const client = clientOf(world, host.product, params);
    if (client) return client;
    const short = liveToken(world, host.product, params.get('access_token'));
    if (short instanceof Response) return short;
    if (short.kind !== 'short') return graphError({ message: 'Only short-lived tokens can be exchanged', type: 'OAuthException', code: 100 });
    const long = world.issueToken({ product: host.product, kind: 'long', subject: short.subject, scopes: short.scopes, pages: [] });
    return json({ access_token: long.value, token_type: 'bearer', expires_in: world.longLivedSeconds[host.product] });
  }
  if (received.path === '/refresh_access_token') {
    if (params.get('grant_type') !== host.grants.refresh) return graphError({ message: 'Unsupported grant_type', type: 'OAuthException', code: 100 });
    const held = authenticate(world, host.product, params, received);
    if (held instanceof Response) return held;
    if (held.kind !== 'long') return graphError({ message: 'Only long-lived tokens can be refreshed', type: 'OAuthException', code: 100 });
    if (world.now() - held.issuedAt < DAY_MS) {
      return graphError({ message: 'The access token must be at least 24 hours old to be refreshed', type: 'OAuthException', code: 100 });
    }
    const fresh = world.issueToken({ product: host.product, kind: 'long', subject: held.subject, scopes: held.scopes, pages: [] });
    return json({ access_token: fresh.value, token_type: 'bearer', expires_in: world.longLivedSeconds[host.product] });
  }
  return null;
}
