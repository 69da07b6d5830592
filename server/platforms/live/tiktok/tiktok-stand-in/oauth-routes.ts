import { randomBytes } from 'node:crypto';
import { json, type LocalReceiver } from '../../test-kit/local-receiver';
import { TIKTOK_CLIENT_KEY, TIKTOK_CLIENT_SECRET, type TikTokWorld } from './stand-in-world';

/**
 * Login Kit for Web: the authorization page (approves at once, as a person who consents would,
 * and redirects with `code`, `scopes` and `state`) and `POST /v2/oauth/token/` for the
 * `authorization_code` and `refresh_token` grants. A refresh answers a new refresh token and the
 * old one stops working, as TikTok documents that it may.
 */
export function oauthRoutes(receiver: LocalReceiver, world: TikTokWorld) {
  receiver.on('GET /v2/auth/authorize/', (received) => {
    const query = received.query;
    const problems = [
      query.get('client_key') === TIKTOK_CLIENT_KEY ? null : 'client_key',
      query.get('response_type') === 'code' ? null : 'response_type',
      query.get('redirect_uri') ? null : 'redirect_uri',
      query.get('state') ? null : 'state',
      query.get('scope') ? null : 'scope',
    ].filter(Boolean);
    if (problems.length > 0) return new Response(`invalid authorization request: ${problems.join(', ')}`, { status: 400 });
    // Scopes are comma-separated.
    const scopes = query.get('scope')!.split(',');
    const code = randomBytes(16).toString('base64url');
    world.codes.set(code, { redirectUri: query.get('redirect_uri')!, scopes });
    const back = new URL(query.get('redirect_uri')!);
    back.searchParams.set('code', code);
    back.searchParams.set('scopes', scopes.join(','));
    back.searchParams.set('state', query.get('state')!);
    return new Response(null, { status: 302, headers: { location: back.toString() } });
  });

  receiver.on('POST /v2/oauth/token/', (received) => {
    if (!(received.headers.get('content-type') ?? '').startsWith('application/x-www-form-urlencoded')) {
      return json({ error: 'invalid_request', error_description: 'Content-Type must be application/x-www-form-urlencoded', log_id: 'x' }, 400);
    }
    const form = new URLSearchParams(received.text);
    if (form.get('client_key') !== TIKTOK_CLIENT_KEY || form.get('client_secret') !== TIKTOK_CLIENT_SECRET) {
      return json({ error: 'invalid_client', error_description: 'Client key or secret is incorrect.', log_id: 'x' }, 401);
    }
    const answer = (openId: string, scopes: string[]) => {
      const tokens = world.issueTokens(openId, scopes);
      return json({
        open_id: openId,
        scope: scopes.join(','),
        access_token: tokens.accessToken,
        expires_in: 86_400,
        refresh_token: tokens.refreshToken,
        refresh_expires_in: 31_536_000,
        token_type: 'Bearer',
      });
    };
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = world.codes.get(form.get('code') ?? '');
      if (!code || code.redirectUri !== form.get('redirect_uri')) {
        return json({ error: 'invalid_grant', error_description: 'Authorization code is expired or redirect_uri does not match.', log_id: 'x' }, 400);
      }
      world.codes.delete(form.get('code')!);
      return answer(world.user.openId, code.scopes);
    }
    if (grant === 'refresh_token') {
      const refresh = world.refreshTokens.get(form.get('refresh_token') ?? '');
      if (!refresh) return json({ error: 'invalid_grant', error_description: 'Refresh token is invalid or expired.', log_id: 'x' }, 400);
      // Rotation: the refresh token used is spent.
      world.refreshTokens.delete(form.get('refresh_token')!);
      world.refreshCount += 1;
      return answer(refresh.openId, refresh.scopes);
    }
    return json({ error: 'unsupported_grant_type', error_description: `grant_type ${grant}`, log_id: 'x' }, 400);
  });
}
