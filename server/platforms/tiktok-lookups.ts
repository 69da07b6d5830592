/*
 * The composer's TikTok questions (decision 092): what the creator may post now (TikTok's
 * `creator_info/query`, shown before every post as TikTok's UX guidelines require) and the
 * Commercial Music Library's trending tracks (the outline's `/misc/tiktok/cml/trending-list`).
 */

export type TikTokPrivacyLevel = 'PUBLIC_TO_EVERYONE' | 'MUTUAL_FOLLOW_FRIENDS' | 'FOLLOWER_OF_CREATOR' | 'SELF_ONLY';

export type TikTokCreatorInfo = {
  creatorUsername: string;
  creatorNickname: string;
  creatorAvatarUrl: string | null;
  /** The choices to show, none pre-selected. */
  privacyLevelOptions: TikTokPrivacyLevel[];
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxVideoPostDurationSec: number;
  /** False while the operator's TikTok app has not passed TikTok's audit: everything it posts is private (SELF_ONLY). */
  appAudited: boolean;
};

export type TikTokSongClip = { preview_url?: string | null; duration: number; song_clip_id: string };

/** A Commercial Music Library track, in TikTok's field names (the outline's shape). */
export type TikTokTrack = {
  commercial_music_name: string;
  duration: number;
  thumbnail_url: string;
  artist: string;
  preview_url?: string | null;
  genres: string[];
  rank_position: string;
  trending_history: { date: string; rank_position_daily?: string | null }[];
  full_duration_song_clip?: TikTokSongClip | null;
  trending_song_clip?: TikTokSongClip | null;
};

export const TIKTOK_CML_GENRES = [
  'ROCK',
  'POP',
  'LATIN',
  'METAL',
  'ELECTRONIC',
  'HIP_HOP/RAP',
  'ALTERNATIVE/INDIE',
  'R&B/SOUL',
  'COUNTRY',
  'CLASSICAL',
  'JAZZ',
  'CHILDHOOD',
  'ALTERNATIVE_HIP_HOP',
  'AMBIENT',
  'BOSSA_NOVA',
  'BRAZILIAN_FUNK_STYLE',
  'CHILL_BEATS',
  'CHILLOUT',
  'CHINESE_POP',
  'CHRISTIAN_MUSIC',
  'COUNTRY_POP',
  'DANCE_POP',
  'DISCO',
  'DJ',
  'DRUM&BASS',
  'DUBSTEP',
  'EDM',
  'FUNK',
  'HOUSE',
  'INDIE_POP',
  'J-POP',
  'K-POP',
  'LATIN_POP',
  'LO-FI',
  'OLD_SCHOOL',
  'PUNK',
  'RUSSIAN_POP',
  'SOUL',
  'SOUNDTRACK',
  'SYNTH_POP',
  'TECHNO',
  'TEEN_POP',
] as const;
export type TikTokCmlGenre = (typeof TIKTOK_CML_GENRES)[number];
export type TikTokCmlDateRange = '1DAY' | '7DAY' | '30DAY';
