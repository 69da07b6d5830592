import { json, type LocalReceiver, type Received } from '../../test-kit/local-receiver';
import { googleError, STAND_IN_CLIENT, type YoutubeWorld } from './youtube-world';

/**
 * Google's OAuth 2.0 for web server apps (https://developers.google.com/identity/protocols/oauth2/web-server):
 * the consent page (`/o/oauth2/v2/auth`) approves at once as `world.loginAs` on the channel they
 * pick, and the token endpoint (`/token`) trades codes and refresh tokens, refusing with
 * `invalid_grant` as Google does.
 */
export function oauthRoutes(receiver: LocalReceiver, world: YoutubeWorld) {
  receiver.on('GET /o/oauth2/v2/auth', ({ query }) => {
    const missing = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state'].filter((name) => !query.get(name));
    if (missing.length > 0) return new Response(`Error 400: invalid_request (missing ${missing.join(', ')})`, { status: 400 });
    if (query.get('client_id') !== STAND_IN_CLIENT.id) return new Response('Error 401: invalid_client', { status: 401 });
    if (query.get('response_type') !== 'code') return new Response('Error 400: unsupported_response_type', { status: 400 });
    const person = world.people.get(world.loginAs)!;
    const channelId = world.consentChannel ?? person.channels[0]!.id;
    const code = `4/${world.newId(30)}`;
    world.codes.set(code, {
      person: person.id,
      channelId,
      redirectUri: query.get('redirect_uri')!,
      offline: query.get('access_type') === 'offline',
      scope: query.get('scope')!,
    });
    const back = new URL(query.get('redirect_uri')!);
    back.searchParams.set('code', code);
    back.searchParams.set('scope', query.get('scope')!);
    back.searchParams.set('state', query.get('state')!);
    return new Response(null, { status: 302, headers: { location: back.toString() } });
  });

  receiver.on('POST /token', async (received: Received) => {
    if (!received.headers.get('content-type')?.startsWith('application/x-www-form-urlencoded')) {
      return json({ error: 'invalid_request', error_description: 'form encoding expected' }, 400);
    }
    const form = new URLSearchParams(received.text);
    if (form.get('client_id') !== STAND_IN_CLIENT.id || form.get('client_secret') !== STAND_IN_CLIENT.secret) {
      return json({ error: 'invalid_client', error_description: 'The OAuth client was not found.' }, 401);
    }
    const grant = form.get('grant_type');
    const testing = world.testingMode ? { refresh_token_expires_in: 604_799 } : {};
    if (grant === 'authorization_code') {
      const code = world.codes.get(form.get('code') ?? '');
      if (!code) return json({ error: 'invalid_grant', error_description: 'Malformed auth code.' }, 400);
      world.codes.delete(form.get('code')!);
      if (code.redirectUri !== form.get('redirect_uri')) return json({ error: 'redirect_uri_mismatch', error_description: 'Bad Request' }, 400);
      const tokens = world.issueTokens(code.person, code.channelId, code.offline);
      return json({
        access_token: tokens.access,
        expires_in: 3599,
        token_type: 'Bearer',
        scope: code.scope,
        ...(tokens.refresh ? { refresh_token: tokens.refresh, ...testing } : {}),
      });
    }
    if (grant === 'refresh_token') {
      const owner = world.refreshTokens.get(form.get('refresh_token') ?? '');
      if (!owner) return json({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }, 400);
      const tokens = world.issueTokens(owner.person, owner.channelId, false);
      return json({ access_token: tokens.access, expires_in: 3599, token_type: 'Bearer', scope: 'https://www.googleapis.com/auth/youtube', ...testing });
    }
    return json({ error: 'unsupported_grant_type', error_description: `Invalid grant_type: ${grant}` }, 400);
  });
}

/** The channel the request's bearer token acts as, or Google's 401. */
export function authorize(world: YoutubeWorld, received: Received): { person: string; channelId: string } | Response {
  const token = /^Bearer (.+)$/.exec(received.headers.get('authorization') ?? '')?.[1];
  const owner = token ? world.accessTokens.get(token) : undefined;
  if (!owner || owner.expiresAt < Date.now()) {
    return googleError(401, 'authError', 'global', 'Request had invalid authentication credentials. Expected OAuth 2 access token.');
  }
  return { person: owner.person, channelId: owner.channelId };
}
