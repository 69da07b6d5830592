import { json, type LocalReceiver } from '../../test-kit/local-receiver';
import type { TikTokWorld } from './stand-in-world';

/**
 * The API for Business' `GET /open_api/v1.3/discovery/cml/trending_list/`: an `Access-Token`
 * header, the account's `business_id`, a genre and window; answers `{ code, message, request_id,
 * data: { list } }` with `code` 0 on success (that API's envelope, not the Open API's).
 */
export function cmlRoutes(receiver: LocalReceiver, world: TikTokWorld) {
  receiver.on('GET /open_api/v1.3/discovery/cml/trending_list/', (received) => {
    const answer = (code: number, message: string, data: unknown = {}) => json({ code, message, request_id: `req-${Date.now()}`, data });
    const token = world.accessTokens.get(received.headers.get('access-token') ?? '');
    if (!token || token.expiresAt <= world.now()) return answer(40105, 'Access token is incorrect or has been revoked.');
    if (!world.businessApiAccess) return answer(40001, 'No permission to operate: the app has no TikTok API for Business access for this account.');
    if (received.query.get('business_id') !== token.openId) return answer(40002, 'business_id does not match the access token.');
    const range = received.query.get('date_range') ?? '7DAY';
    if (!['1DAY', '7DAY', '30DAY', '90DAY'].includes(range)) return answer(40002, 'date_range is invalid.');
    const genre = received.query.get('genre') ?? 'ALL';
    const list = world.cmlTracks.filter((track) => genre === 'ALL' || track.genres.includes(genre));
    return answer(0, 'OK', { list });
  });
}
