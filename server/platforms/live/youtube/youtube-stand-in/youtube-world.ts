import { randomBytes } from 'node:crypto';
import { json } from '../../test-kit/local-receiver';

/*
 * The state behind the YouTube stand-in (decision 091): Google people with their channels, OAuth
 * clients, codes and tokens, resumable sessions, videos with their processing, comment threads,
 * playlists, and the project's daily quota. Tests read it and steer it (faults, processing time).
 */

export type StandInChannel = { id: string; title: string; handle: string; uploads: string; subscribers: number };
export type StandInPerson = { id: string; channels: StandInChannel[] };

export type StandInVideo = {
  id: string;
  channelId: string;
  resource: { snippet: Record<string, unknown>; status: Record<string, unknown>; paidProductPlacementDetails?: Record<string, unknown> };
  bytes: Buffer;
  mime: string;
  /** `videos.list` reads before processing is done: processing that takes time. */
  processingReadsLeft: number;
  thumbnail: { mime: string; size: number } | null;
  publishedAt: string;
  views: number;
  deleted: boolean;
};

export type StandInSession = {
  id: string;
  channelId: string;
  resource: StandInVideo['resource'];
  size: number;
  mime: string;
  received: Buffer;
  videoId: string | null;
};

export type StandInComment = {
  id: string;
  videoId: string;
  parentId: string | null;
  authorChannelId: string;
  authorName: string;
  text: string;
  publishedAt: string;
  moderationStatus: string;
};
export type StandInPlaylist = { id: string; channelId: string; title: string; description: string; privacyStatus: string; publishedAt: string };
export type StandInPlaylistItem = { id: string; playlistId: string; videoId: string; position: number; publishedAt: string };

export const STAND_IN_CLIENT = { id: 'socialdesk-test.apps.googleusercontent.com', secret: 'GOCSPX-test-secret' };

/** Units each call costs, from the Data API's quota calculator. */
export const QUOTA_COST: Record<string, number> = {
  list: 1,
  'videos.insert': 1600,
  'thumbnails.set': 50,
  'commentThreads.insert': 50,
  'videos.delete': 50,
  'comments.delete': 50,
  'comments.setModerationStatus': 50,
  'playlists.insert': 50,
  'playlists.update': 50,
  'playlists.delete': 50,
  'playlistItems.insert': 50,
  'playlistItems.delete': 50,
};

const base62 = (length: number) =>
  Array.from(randomBytes(length), (byte) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[byte % 64]).join('');

export class YoutubeWorld {
  readonly people = new Map<string, StandInPerson>();
  /** Who approves the next consent, and the channel they pick on Google's channel chooser (default: their first). */
  loginAs = 'ada';
  consentChannel: string | null = null;
  readonly codes = new Map<string, { person: string; channelId: string; redirectUri: string; offline: boolean; scope: string }>();
  readonly accessTokens = new Map<string, { person: string; channelId: string; expiresAt: number }>();
  readonly refreshTokens = new Map<string, { person: string; channelId: string }>();
  readonly sessions = new Map<string, StandInSession>();
  readonly videos = new Map<string, StandInVideo>();
  readonly comments = new Map<string, StandInComment>();
  readonly playlists = new Map<string, StandInPlaylist>();
  readonly playlistItems = new Map<string, StandInPlaylistItem>();
  /** The project's daily units (10,000 by default, as Google grants); `quotaExceeded` past it. */
  quotaLimit = 10_000;
  quotaUsed = 0;
  /** Videos a channel may upload a day before `uploadLimitExceeded`. */
  uploadsPerDay = 100;
  /** Reads of a new video's status before it is processed. */
  processingReads = 2;
  /** The next chunk that would take the session past this many bytes breaks there (an interrupted upload). */
  interruptAfterBytes: number | null = null;
  /** The OAuth app is in "Testing" publishing status: refresh tokens expire in 7 days. */
  testingMode = false;

  constructor() {
    this.people.set('ada', {
      id: 'ada',
      channels: [
        { id: 'UCadaMainChannel000000001', title: 'Ada Bakes', handle: '@adabakes', uploads: 'UUadaMainChannel000000001', subscribers: 1200 },
        { id: 'UCadaBrandChannel00000002', title: 'Ada Shorts', handle: '@adashorts', uploads: 'UUadaBrandChannel00000002', subscribers: 40 },
      ],
    });
    this.people.set('bob', {
      id: 'bob',
      channels: [{ id: 'UCbobChannel0000000000003', title: 'Bob Builds', handle: '@bobbuilds', uploads: 'UUbobChannel0000000000003', subscribers: 7 }],
    });
  }

  newId(length = 11) {
    return base62(length);
  }

  issueTokens(person: string, channelId: string, offline: boolean) {
    const access = `ya29.${base62(40)}`;
    this.accessTokens.set(access, { person, channelId, expiresAt: Date.now() + 3600_000 });
    const refresh = offline ? `1//${base62(40)}` : null;
    if (refresh) this.refreshTokens.set(refresh, { person, channelId });
    return { access, refresh };
  }

  /** Every token of a person stops working (they removed the app's access). */
  revoke(person: string) {
    for (const [token, owner] of this.accessTokens) if (owner.person === person) this.accessTokens.delete(token);
    for (const [token, owner] of this.refreshTokens) if (owner.person === person) this.refreshTokens.delete(token);
  }

  /** Counts units; answers Google's `quotaExceeded` error once the day's units are spent. */
  spend(call: string): Response | null {
    const cost = QUOTA_COST[call] ?? 1;
    if (this.quotaUsed + cost > this.quotaLimit) {
      return googleError(
        403,
        'quotaExceeded',
        'youtube.quota',
        `The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.`,
      );
    }
    this.quotaUsed += cost;
    return null;
  }

  channelVideos(channelId: string) {
    return [...this.videos.values()].filter((video) => video.channelId === channelId && !video.deleted);
  }

  channel(id: string): StandInChannel | undefined {
    for (const person of this.people.values()) for (const channel of person.channels) if (channel.id === id) return channel;
    return undefined;
  }
}

/** Google's JSON error body (`{ error: { code, message, errors: [{ domain, reason, message }], status } }`). */
export function googleError(code: number, reason: string, domain: string, message: string): Response {
  const status = { 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 503: 'UNAVAILABLE' }[code] ?? 'UNKNOWN';
  return json({ error: { code, message, errors: [{ message, domain, reason }], status } }, code);
}
