import { z } from '@hono/zod-openapi';
import { TIKTOK_CML_GENRES } from '../platforms/tiktok-lookups';

const teamId = z.string().min(1).max(64);

export const TiktokCmlQuery = z.object({
  teamId,
  genre: z.enum(TIKTOK_CML_GENRES).default('POP'),
  dateRange: z.enum(['1DAY', '7DAY', '30DAY']).default('7DAY'),
});

const songClip = z.object({ preview_url: z.string().url().nullish(), duration: z.number().int(), song_clip_id: z.string() });

export const TiktokCmlTrendingListSchema = z
  .array(
    z.object({
      commercial_music_name: z.string(),
      duration: z.number().int(),
      thumbnail_url: z.string().url(),
      artist: z.string(),
      preview_url: z.string().url().nullish(),
      genres: z.array(z.string()).default([]),
      rank_position: z.string(),
      trending_history: z.array(z.object({ date: z.string(), rank_position_daily: z.string().nullish() })).default([]),
      full_duration_song_clip: songClip.nullish(),
      trending_song_clip: songClip.nullish(),
    }),
  )
  .default([])
  .openapi('MiscTiktokCmlTrendingList');

export const TiktokCreatorInfoQuery = z.object({ teamId });

export const TiktokCreatorInfoSchema = z
  .object({
    creatorUsername: z.string(),
    creatorNickname: z.string(),
    creatorAvatarUrl: z.string().nullable(),
    privacyLevelOptions: z.array(z.enum(['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'])).openapi({
      description: 'The privacy levels this creator offers now; show them with none pre-selected (TikTok’s UX guidelines)',
    }),
    commentDisabled: z.boolean().openapi({ description: 'The creator turned comments off: the switch stays off and disabled' }),
    duetDisabled: z.boolean(),
    stitchDisabled: z.boolean(),
    maxVideoPostDurationSec: z.number().int(),
    appAudited: z.boolean().openapi({ description: "False until the operator's TikTok app passed TikTok's audit: every post is then private (SELF_ONLY)" }),
  })
  .openapi('MiscTiktokCreatorInfo');
