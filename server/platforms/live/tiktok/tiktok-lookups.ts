import type { ActionsCapability } from '../../actions';
import type { TikTokPrivacyLevel, TikTokTrack } from '../../tiktok-lookups';
import { TIKTOK_BUSINESS_API, tiktokError, type TikTokApi } from './tiktok-api';
import { queryCreatorInfo } from './tiktok-creator-info';

type CmlAnswer = { code?: number; message?: string; request_id?: string; data?: { list?: TikTokTrack[] } };

/**
 * The composer's TikTok lookups on a live account: `creator_info/query` as the composer shows it,
 * and the Commercial Music Library chart from the API for Business
 * (`GET /open_api/v1.3/discovery/cml/trending_list/`, `Access-Token` header, the account's open id
 * as `business_id`). That API takes a token of a TikTok account authorized for the API for
 * Business; a Login Kit token of a Content Posting app is refused, which the route answers as a
 * clear 400 (decision 092).
 */
export function tiktokLookups(api: TikTokApi): ActionsCapability['lookups'] {
  return {
    async tiktokCreatorInfo(_env, credentials) {
      const info = await queryCreatorInfo(api, credentials.accessToken, 'lookups.tiktokCreatorInfo');
      return {
        creatorUsername: info.creator_username,
        creatorNickname: info.creator_nickname,
        creatorAvatarUrl: info.creator_avatar_url || null,
        privacyLevelOptions: info.privacy_level_options as TikTokPrivacyLevel[],
        commentDisabled: info.comment_disabled,
        duetDisabled: info.duet_disabled,
        stitchDisabled: info.stitch_disabled,
        maxVideoPostDurationSec: info.max_video_post_duration_sec,
        appAudited: api.config.appAudited ?? false,
      };
    },
    async tiktokTrendingMusic(_env, credentials, account, input) {
      const operation = 'lookups.tiktokTrendingMusic';
      const query = new URLSearchParams({ business_id: account.externalId ?? '', genre: input.genre, date_range: input.dateRange, country_code: 'US' });
      const base = (api.config.businessApiBase ?? TIKTOK_BUSINESS_API).replace(/\/$/, '');
      const response = await api.raw(credentials.accessToken, {
        operation,
        url: `${base}/open_api/v1.3/discovery/cml/trending_list/?${query}`,
        headers: { 'access-token': credentials.accessToken },
      });
      const answer = (await response.json()) as CmlAnswer;
      // The API for Business answers 200 with its own `code` (0 is success).
      if (answer.code !== 0) {
        throw tiktokError(
          'INVALID_REQUEST',
          operation,
          `TikTok API for Business refused the music chart: ${answer.message ?? 'unknown'} (${answer.code ?? '?'})`,
          "TikTok's music chart needs this account connected to an app with TikTok API for Business access.",
        );
      }
      return (answer.data?.list ?? []).map((track) => ({ ...track, genres: track.genres ?? [], trending_history: track.trending_history ?? [] }));
    },
  };
}
