import { createHash } from 'node:crypto';
import { json, type LocalReceiver } from '../../test-kit/local-receiver';
import { authenticate, graphError, paramsOf } from './graph-rules';
import type { MetaWorld } from './stand-in-world';

/*
 * Two Graph endpoints of graph.facebook.com, as Meta documents them:
 * - `GET /debug_token?input_token=…` (https://developers.facebook.com/docs/graph-api/reference/debug_token)
 *   with an app access token (`{app-id}|{app-secret}`): `{ data: { app_id, type, application,
 *   data_access_expires_at, expires_at, is_valid, issued_at, scopes, granular_scopes, user_id } }`;
 *   a token that no longer works is described (`is_valid: false` and its `error`), not refused;
 * - `GET /ig_audio?audio_type=…&user_id=…&search_query=…` (Instagram Audio API,
 *   https://developers.facebook.com/documentation/instagram-platform/content-publishing/audio-api):
 *   only with Facebook Login, a User access token granted `instagram_basic` and
 *   `instagram_content_publish`, for an Instagram account linked to a Page the person shared;
 *   no `search_query` means trending audio.
 */
const DATA_ACCESS_SECONDS = 90 * 86_400;

const TRACKS: [string, string, number][] = [
  ['Late Night Drive', 'Neon Harbor', 30_000],
  ['Sunday Pancakes', 'The Breakfast Club Band', 27_500],
  ['Coffee Shop Jazz', 'Blue Cup Trio', 60_000],
  ['Golden Hour', 'Palm & Pine', 38_000],
];

const audioId = (seed: string) => String(17_000_000_000_000_000 + (createHash('sha256').update(seed).digest().readUInt32BE(0) % 999_999_999));

export function extrasRoutes(graph: LocalReceiver, world: MetaWorld, version: string): void {
  graph.on(`GET /${version}/debug_token`, async (received) => {
    const params = await paramsOf(received);
    const app = world.apps.facebook;
    if (params.get('access_token') !== `${app.id}|${app.secret}`) {
      return graphError({
        message: '(#100) You must provide an app access token, or a user access token that is an owner or developer of the app',
        type: 'OAuthException',
        code: 100,
      });
    }
    const input = params.get('input_token');
    if (!input) return graphError({ message: '(#100) The parameter input_token is required', type: 'OAuthException', code: 100 });
    const token = world.token(input);
    if (!token || token.product !== 'facebook') {
      return json({ data: { is_valid: false, scopes: [], granular_scopes: [], error: { code: 190, message: 'Invalid OAuth access token.' } } });
    }
    const expired = token.expiresAt !== null && token.expiresAt <= world.now();
    const revoked = token.revokedSubcode !== null;
    return json({
      data: {
        app_id: app.id,
        type: token.kind === 'page' ? 'PAGE' : 'USER',
        application: 'SocialDesk',
        data_access_expires_at: token.issuedAt + DATA_ACCESS_SECONDS,
        expires_at: token.expiresAt ?? 0,
        is_valid: !expired && !revoked,
        issued_at: token.issuedAt,
        scopes: token.scopes,
        granular_scopes: token.scopes
          .filter((scope) => scope.startsWith('pages_') || scope.startsWith('instagram_') || scope === 'read_insights')
          .map((scope) => ({ scope, target_ids: token.pages })),
        user_id: token.subject,
        ...(revoked
          ? { error: { code: 190, message: 'Error validating access token: The user has not authorized application.', subcode: token.revokedSubcode } }
          : expired
            ? { error: { code: 190, message: 'Error validating access token: Session has expired.', subcode: 463 } }
            : {}),
      },
    });
  });

  graph.on(`GET /${version}/ig_audio`, async (received) => {
    const params = await paramsOf(received);
    const token = authenticate(world, 'facebook', params, received);
    if (token instanceof Response) return token;
    if (token.kind === 'page') return graphError({ message: '(#100) This endpoint requires a User access token', type: 'OAuthException', code: 100 });
    const audioType = params.get('audio_type');
    if (audioType !== 'music' && audioType !== 'original_sound') {
      return graphError({ message: '(#100) audio_type must be one of the following values: original_sound, music', type: 'OAuthException', code: 100 });
    }
    const userId = params.get('user_id');
    const page = world.pages.find((candidate) => candidate.instagram?.id === userId && token.pages.includes(candidate.id));
    if (!userId || !page) return graphError({ message: `(#100) Invalid user_id ${userId ?? ''}`, type: 'OAuthException', code: 100 });
    const missing = ['instagram_basic', 'instagram_content_publish'].filter((scope) => !token.scopes.includes(scope));
    if (missing.length)
      return graphError({ message: `(#10) Application does not have permission for this action: ${missing.join(', ')}`, type: 'OAuthException', code: 10 });
    const query = params.get('search_query')?.toLowerCase();
    if (audioType === 'music') {
      const tracks = TRACKS.filter(([title, artist]) => !query || `${title} ${artist}`.toLowerCase().includes(query));
      return json({
        data: tracks.map(([title, artist, duration]) => ({
          audio_id: audioId(`music:${title}`),
          audio_type: 'music',
          title,
          display_artist: artist,
          duration_in_ms: duration,
          cover_artwork_thumbnail_uri: `https://scontent.example/audio/${audioId(`music:${title}`)}.jpg`,
        })),
      });
    }
    const creators = world.pages.flatMap((candidate) => (candidate.instagram ? [candidate.instagram] : []));
    const sounds = creators.filter((creator) => !query || creator.username.includes(query));
    return json({
      data: sounds.map((creator) => ({
        audio_id: audioId(`sound:${creator.id}`),
        audio_type: 'original_sound',
        title: 'Original audio',
        ig_username: creator.username,
        profile_picture_url: creator.pictureUrl,
      })),
    });
  });
}
