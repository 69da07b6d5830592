import { randomBytes } from 'node:crypto';

/**
 * The TikTok a stand-in simulates (decision 092), written from TikTok for Developers' reference:
 * Login Kit (codes, 24-hour access tokens, refresh tokens that rotate), one creator with the
 * settings `creator_info/query` answers, and the posts the Content Posting API makes, with their
 * chunked uploads and status. Tests change it through the knobs below.
 */
export const TIKTOK_CLIENT_KEY = 'sbawtestclientkey';
export const TIKTOK_CLIENT_SECRET = 'tiktok-test-secret';

export type StandInUser = {
  openId: string;
  username: string;
  displayName: string;
  avatarUrl: string;
  followers: number;
  following: number;
  likes: number;
};

export type CreatorSettings = {
  privacyLevelOptions: string[];
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxVideoPostDurationSec: number;
};

export type StandInPublish = {
  id: string;
  openId: string;
  kind: 'VIDEO' | 'PHOTO';
  mode: 'DIRECT' | 'INBOX';
  body: Record<string, unknown>;
  /** FILE_UPLOAD: the plan the init declared and the chunks received so far. */
  upload: { token: string; videoSize: number; chunkSize: number; totalChunkCount: number; nextChunk: number; bytes: number; mime: string | null } | null;
  status: 'PROCESSING_UPLOAD' | 'PROCESSING_DOWNLOAD' | 'SEND_TO_USER_INBOX' | 'PUBLISH_COMPLETE' | 'FAILED';
  failReason: string | null;
  /** Polls of `status/fetch` still answered "processing" after the media arrived. */
  processingPolls: number;
  postId: string | null;
};

export type StandInVideo = { id: string; openId: string; views: number; likes: number; comments: number; shares: number };

export function newTikTokWorld(options: { now?: () => number } = {}) {
  const user: StandInUser = {
    openId: '-000AbCdEfGhIjKlMnOpQrStUvWxYz0123',
    username: 'bakery_daily',
    displayName: 'The Bakery',
    avatarUrl: 'https://p16-sign.tiktokcdn.com/avatar/bakery.jpeg',
    followers: 1200,
    following: 80,
    likes: 54000,
  };
  const world = {
    user,
    now: options.now ?? (() => Date.now()),
    creator: {
      privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
      commentDisabled: false,
      duetDisabled: false,
      stitchDisabled: false,
      maxVideoPostDurationSec: 600,
    } as CreatorSettings,
    /** Unaudited apps may post SELF_ONLY only. */
    audited: true,
    /** URL prefixes verified in the app's settings: PULL_FROM_URL fetches from these only. */
    verifiedUrlPrefixes: [] as string[],
    codes: new Map<string, { redirectUri: string; scopes: string[] }>(),
    accessTokens: new Map<string, { openId: string; scopes: string[]; expiresAt: number }>(),
    refreshTokens: new Map<string, { openId: string; scopes: string[] }>(),
    publishes: new Map<string, StandInPublish>(),
    videos: new Map<string, StandInVideo>(),
    /** Init calls per access token, for the 6-per-minute limit. */
    inits: new Map<string, number[]>(),
    /** Drafts waiting in the creator's inbox before `spam_risk_too_many_pending_share`. */
    pendingShareLimit: 5,
    /** Polls answered "processing" after the media arrived, for each new publish. */
    processingPolls: 1,
    /** The next N chunk PUTs answer 500 after being received in full but before being kept (a lost answer). */
    failChunks: 0,
    refreshCount: 0,
    /** The account's token is good for the API for Business (the Commercial Music Library). */
    businessApiAccess: true,
    cmlTracks: [
      {
        commercial_music_name: 'Sunrise Loaves',
        duration: 150,
        thumbnail_url: 'https://p16-cml.tiktokcdn.com/cover/sunrise.jpeg',
        artist: 'The Bakers',
        preview_url: 'https://sf16-cml.tiktokcdn.com/preview/sunrise.mp3',
        genres: ['POP'],
        rank_position: '1',
        trending_history: [{ date: '2026-11-27', rank_position_daily: '1' }],
        full_duration_song_clip: { preview_url: null, duration: 150, song_clip_id: '7301234567890123456' },
        trending_song_clip: { preview_url: 'https://sf16-cml.tiktokcdn.com/preview/sunrise-clip.mp3', duration: 30, song_clip_id: '7301234567890123999' },
      },
    ] as ({ genres: string[] } & Record<string, unknown>)[],
    id: (length = 19) =>
      Array.from(randomBytes(length), (byte) => String(byte % 10))
        .join('')
        .replace(/^0/, '1'),
    issueTokens(openId: string, scopes: string[]) {
      const accessToken = `act.${randomBytes(18).toString('base64url')}`;
      const refreshToken = `rft.${randomBytes(18).toString('base64url')}`;
      world.accessTokens.set(accessToken, { openId, scopes, expiresAt: world.now() + 86_400_000 });
      world.refreshTokens.set(refreshToken, { openId, scopes });
      return { accessToken, refreshToken };
    },
    /** Every access token of the user expires now (as after 24 hours). */
    expireAccessTokens() {
      for (const token of world.accessTokens.values()) token.expiresAt = world.now() - 1;
    },
    published: () => [...world.publishes.values()].filter((publish) => publish.status === 'PUBLISH_COMPLETE'),
    reset() {
      world.creator = {
        privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
        commentDisabled: false,
        duetDisabled: false,
        stitchDisabled: false,
        maxVideoPostDurationSec: 600,
      };
      world.audited = true;
      world.verifiedUrlPrefixes = [];
      world.publishes.clear();
      world.videos.clear();
      world.inits.clear();
      world.pendingShareLimit = 5;
      world.processingPolls = 1;
      world.failChunks = 0;
      world.businessApiAccess = true;
    },
  };
  return world;
}

export type TikTokWorld = ReturnType<typeof newTikTokWorld>;
