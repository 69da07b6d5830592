import { json, type LocalReceiver, type Received } from '../../test-kit/local-receiver';
import { authorizationWindow } from './consent-page';
import { authenticate, clientOf, fieldsOf, graphError, liveToken, paramsOf, pick, versionedPath } from './graph-rules';
import type { MetaWorld, StandInPage, StandInToken } from './stand-in-world';

/** Permissions Facebook Login for Business offers that the stand-in knows (https://developers.facebook.com/docs/permissions). */
const FACEBOOK_SCOPES = [
  'public_profile',
  'email',
  'business_management',
  'pages_show_list',
  'pages_read_engagement',
  'pages_manage_posts',
  'pages_manage_engagement',
  'pages_read_user_content',
  'pages_manage_metadata',
  'pages_messaging',
  'read_insights',
  'instagram_basic',
  'instagram_content_publish',
  'instagram_manage_comments',
  'instagram_manage_insights',
  'instagram_manage_messages',
];

const unsupported = (id: string) =>
  graphError({
    message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    type: 'GraphMethodException',
    code: 100,
    error_subcode: 33,
  });

const missingPermission = (permission: string) =>
  graphError({ message: `(#10) This endpoint requires the '${permission}' permission.`, type: 'OAuthException', code: 10 });

/** The login dialog on `FACEBOOK_DIALOG_URL` (`/{version}/dialog/oauth`). */
export function facebookDialog(dialog: LocalReceiver, world: MetaWorld, version: string): void {
  authorizationWindow(dialog, world, `/${version}/dialog/oauth`, {
    product: 'facebook',
    title: 'Log in with Facebook',
    knownScopes: FACEBOOK_SCOPES,
    withPages: true,
    declinable: true,
    denial: { error: 'access_denied', error_code: '200', error_description: 'Permissions error', error_reason: 'user_denied' },
    fragment: '#_=_',
  });
}

/**
 * graph.facebook.com on `FACEBOOK_GRAPH_URL`: the token endpoint (code, then `fb_exchange_token`),
 * `/me`, `/me/permissions`, `/me/accounts` (paged, with Page tokens), and Pages and Instagram
 * accounts by id, each checked as Meta documents them.
 */
export function facebookGraph(graph: LocalReceiver, world: MetaWorld, version: string): void {
  // Page tokens are stable per Page and user token, as Meta's are for a given login.
  const pageTokens = new Map<string, StandInToken>();
  const pageTokenFor = (user: StandInToken, page: StandInPage) => {
    const key = `${user.value}:${page.id}`;
    let token = pageTokens.get(key);
    if (!token) {
      token = world.issueToken({ product: 'facebook', kind: 'page', subject: page.id, scopes: user.scopes, pages: [page.id] });
      pageTokens.set(key, token);
    }
    return token;
  };

  graph.otherwise(async (received: Received) => {
    const fault = world.takeFault('facebook');
    if (fault) return json(fault.body, fault.status, fault.headers);
    const path = versionedPath(received, version);
    if (path instanceof Response) return path;
    const params = await paramsOf(received);
    if (received.method === 'GET' && path === '/oauth/access_token') return tokenEndpoint(world, params);
    const token = authenticate(world, 'facebook', params, received);
    if (token instanceof Response) return token;
    const fields = fieldsOf(params, ['id', 'name']);
    if (received.method !== 'GET') return graphError({ message: `Unsupported ${received.method} request.`, type: 'GraphMethodException', code: 100 });

    if (path === '/me' && token.kind !== 'page') {
      return json(pick({ id: world.person.id, name: world.person.name, picture: { data: { url: world.person.pictureUrl, is_silhouette: false } } }, fields));
    }
    if (path === '/me/permissions' && token.kind !== 'page') {
      const asked = new Set(token.scopes);
      return json({ data: [...asked].map((permission) => ({ permission, status: 'granted' })) });
    }
    if (path === '/me/accounts' && token.kind !== 'page') {
      if (!token.scopes.includes('pages_show_list')) return missingPermission('pages_show_list');
      if (fields.includes('instagram_business_account') && !token.scopes.includes('instagram_basic')) return missingPermission('instagram_basic');
      const shared = world.pages.filter((page) => token.pages.includes(page.id));
      const start = Number(Buffer.from(params.get('after') ?? '', 'base64url').toString() || '0');
      const size = Math.min(Number(params.get('limit') ?? '25'), world.pageSize);
      const slice = shared.slice(start, start + size);
      const data = slice.map((page) => {
        const entry: Record<string, unknown> = {
          id: page.id,
          name: page.name,
          username: page.username,
          tasks: page.tasks,
          category: 'Bakery',
          picture: { data: { url: `https://scontent.example/${page.username}.jpg` } },
          // A long-lived user token gives Page tokens that do not expire.
          access_token: pageTokenFor(token, page).value,
        };
        if (page.instagram) {
          entry.instagram_business_account = {
            id: page.instagram.id,
            username: page.instagram.username,
            name: page.instagram.name,
            profile_picture_url: page.instagram.pictureUrl,
          };
        }
        return pick(entry, fields);
      });
      const cursor = (index: number) => Buffer.from(String(index)).toString('base64url');
      const more = start + size < shared.length;
      return json({
        data,
        paging: {
          cursors: { before: cursor(start), after: cursor(start + slice.length) },
          ...(more ? { next: `${graph.url}/${version}/me/accounts?after=${cursor(start + slice.length)}` } : {}),
        },
      });
    }
    const id = path.slice(1);
    const page = world.pages.find((candidate) => candidate.id === id);
    // A Page token reads its own Page; a user token the Pages shared with the app.
    if (page && token.pages.includes(page.id)) {
      return json(pick({ id: page.id, name: page.name, username: page.username }, fields));
    }
    const linked = world.pages.find((candidate) => candidate.instagram?.id === id);
    if (linked?.instagram && token.pages.includes(linked.id) && token.scopes.includes('instagram_basic')) {
      return json(pick({ id, username: linked.instagram.username, name: linked.instagram.name, profile_picture_url: linked.instagram.pictureUrl }, fields));
    }
    return unsupported(id);
  });
}

/**
 * `GET /{version}/oauth/access_token`: the code (with the same `redirect_uri`, once, within ten
 * minutes) for a short-lived user token, or `grant_type=fb_exchange_token` for a long-lived one.
 */
function tokenEndpoint(world: MetaWorld, params: URLSearchParams): Response {
  if (!params.get('client_id')) return graphError({ message: 'Missing client_id parameter.', type: 'OAuthException', code: 101 });
  const client = clientOf(world, 'facebook', params);
  if (client) return client;
  if (params.get('grant_type') === 'fb_exchange_token') {
    const short = liveToken(world, 'facebook', params.get('fb_exchange_token'));
    if (short instanceof Response) return short;
    const long = world.issueToken({ product: 'facebook', kind: 'long', subject: short.subject, scopes: short.scopes, pages: short.pages });
    return json({ access_token: long.value, token_type: 'bearer', expires_in: world.longLivedSeconds.facebook });
  }
  const redirectUri = params.get('redirect_uri');
  if (!redirectUri) return graphError({ message: 'Missing redirect_uri parameter.', type: 'OAuthException', code: 191 });
  const code = world.code(params.get('code') ?? '');
  if (!code || code.product !== 'facebook')
    return graphError({ message: 'Invalid verification code format.', type: 'OAuthException', code: 100, error_subcode: 36007 });
  if (code.used) return graphError({ message: 'This authorization code has been used.', type: 'OAuthException', code: 100, error_subcode: 36009 });
  if (code.expired) return graphError({ message: 'This authorization code has expired.', type: 'OAuthException', code: 100, error_subcode: 36007 });
  if (code.redirectUri !== redirectUri) {
    return graphError({
      message: 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      type: 'OAuthException',
      code: 100,
      error_subcode: 36008,
    });
  }
  world.useCode(code.value);
  const token = world.issueToken({ product: 'facebook', kind: 'short', subject: code.subject, scopes: code.scopes, pages: code.pages });
  return json({ access_token: token.value, token_type: 'bearer', expires_in: 3600 });
}
