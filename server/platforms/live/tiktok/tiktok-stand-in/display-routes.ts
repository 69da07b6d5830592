import type { LocalReceiver } from '../../test-kit/local-receiver';
import { authorize, fail, jsonBody, ok } from './stand-in-rules';
import type { TikTokWorld } from './stand-in-world';

const FIELD_SCOPES: Record<string, string> = {
  open_id: 'user.info.basic',
  union_id: 'user.info.basic',
  avatar_url: 'user.info.basic',
  display_name: 'user.info.basic',
  username: 'user.info.profile',
  bio_description: 'user.info.profile',
  profile_deep_link: 'user.info.profile',
  is_verified: 'user.info.profile',
  follower_count: 'user.info.stats',
  following_count: 'user.info.stats',
  likes_count: 'user.info.stats',
  video_count: 'user.info.stats',
};
const VIDEO_FIELDS = new Set(['id', 'title', 'create_time', 'cover_image_url', 'share_url', 'view_count', 'like_count', 'comment_count', 'share_count']);

/** The Display API: `GET /v2/user/info/` (fields by scope) and `POST /v2/video/query/` (up to 20 of the user's videos). */
export function displayRoutes(receiver: LocalReceiver, world: TikTokWorld) {
  receiver.on('GET /v2/user/info/', (received) => {
    const who = authorize(world, received, 'user.info.basic');
    if (who instanceof Response) return who;
    const fields = (received.query.get('fields') ?? '').split(',').filter(Boolean);
    if (fields.length === 0 || fields.some((field) => !FIELD_SCOPES[field])) return fail(400, 'invalid_params', 'fields must list known user fields');
    const scopes = world.accessTokens.get(who.token)!.scopes;
    const missing = fields.find((field) => !scopes.includes(FIELD_SCOPES[field]!));
    if (missing) return fail(401, 'scope_not_authorized', `The field ${missing} needs ${FIELD_SCOPES[missing]}`);
    const user = world.user;
    const all: Record<string, unknown> = {
      open_id: user.openId,
      union_id: `union-${user.openId}`,
      avatar_url: user.avatarUrl,
      display_name: user.displayName,
      username: user.username,
      bio_description: 'Fresh bread every morning',
      profile_deep_link: `https://vm.tiktok.com/${user.username}`,
      is_verified: false,
      follower_count: user.followers,
      following_count: user.following,
      likes_count: user.likes,
      video_count: [...world.videos.values()].filter((video) => video.openId === user.openId).length,
    };
    return ok({ user: Object.fromEntries(fields.map((field) => [field, all[field]])) });
  });

  receiver.on('POST /v2/video/query/', async (received) => {
    const who = authorize(world, received, 'video.list');
    if (who instanceof Response) return who;
    const fields = (received.query.get('fields') ?? '').split(',').filter(Boolean);
    if (fields.length === 0 || fields.some((field) => !VIDEO_FIELDS.has(field))) return fail(400, 'invalid_params', 'fields must list known video fields');
    const body = await jsonBody(received);
    if (body instanceof Response) return body;
    const ids = (body.filters as { video_ids?: unknown } | undefined)?.video_ids;
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > 20) return fail(400, 'invalid_params', 'filters.video_ids must list 1 to 20 ids');
    const videos = ids
      .map((id) => world.videos.get(String(id)))
      .filter((video) => video && video.openId === who.openId)
      .map((video) => {
        const all: Record<string, unknown> = {
          id: video!.id,
          view_count: video!.views,
          like_count: video!.likes,
          comment_count: video!.comments,
          share_count: video!.shares,
        };
        return Object.fromEntries(fields.filter((field) => field in all).map((field) => [field, all[field]]));
      });
    return ok({ videos, cursor: 0, has_more: false });
  });
}
