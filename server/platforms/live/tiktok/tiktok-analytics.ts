import type { AnalyticsCapability } from '../../analytics';
import { tiktokError, type TikTokApi } from './tiktok-api';
import { userInfo } from './tiktok-login';

type Video = { id: string; view_count?: number; like_count?: number; comment_count?: number; share_count?: number };

/**
 * Lifetime numbers from the Display API: the account's from `user/info` (`user.info.stats`), a
 * video's from `video/query` (`video.list`). TikTok gives neither impressions nor unique counts.
 */
export function tiktokAnalytics(api: TikTokApi): AnalyticsCapability {
  return {
    async account(_env, credentials) {
      const user = await userInfo(api, credentials.accessToken, 'analytics.account');
      return {
        metrics: {
          impressions: 0,
          impressionsUnique: 0,
          views: 0,
          viewsUnique: 0,
          likes: user.likes_count ?? 0,
          comments: 0,
          postCount: user.video_count ?? 0,
          followers: user.follower_count ?? 0,
          following: user.following_count ?? 0,
        },
        raw: user as Record<string, unknown>,
      };
    },
    async post(_env, credentials, _target, item) {
      const data = await api.asUser<{ videos: Video[] }>(credentials.accessToken, {
        operation: 'analytics.post',
        method: 'POST',
        path: '/v2/video/query/?fields=id,view_count,like_count,comment_count,share_count',
        body: { filters: { video_ids: [item.externalId] } },
        idempotent: true,
      });
      const video = data.videos?.find((candidate) => candidate.id === item.externalId);
      if (!video)
        throw tiktokError(
          'NOT_FOUND',
          'analytics.post',
          `TikTok video ${item.externalId} was not found (private videos and drafts have no public id)`,
          undefined,
          404,
        );
      return {
        metrics: {
          impressions: 0,
          impressionsUnique: 0,
          views: video.view_count ?? 0,
          viewsUnique: 0,
          likes: video.like_count ?? 0,
          dislikes: 0,
          comments: video.comment_count ?? 0,
          shares: video.share_count ?? 0,
          saves: 0,
        },
        raw: video as Record<string, unknown>,
      };
    },
  };
}
