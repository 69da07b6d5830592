import type { ConnectorEnv, Credentials } from './connector';
import type { PostPlatform } from './platform-types';
import type { PublishTarget } from './publishing';

/** An account's numbers as the API shows them (the outline's social account analytics item). */
export type AccountMetrics = {
  impressions: number;
  impressionsUnique: number;
  views: number;
  viewsUnique: number;
  likes: number;
  comments: number;
  postCount: number;
  followers: number;
  following: number;
};

/** A post's numbers as the API shows them. */
export type PostMetrics = {
  impressions: number;
  impressionsUnique: number;
  views: number;
  viewsUnique: number;
  likes: number;
  dislikes: number;
  comments: number;
  shares: number;
  saves: number;
};

/** What the platform answered, as it answered it, and the normalized numbers. */
export type AnalyticsReading<M> = { metrics: M; raw: Record<string, unknown> };

export type AnalyticsCapability = {
  /** Lifetime numbers of the account (or its selected channel). */
  account(env: ConnectorEnv, credentials: Credentials, target: PublishTarget): Promise<AnalyticsReading<AccountMetrics>>;
  /** Lifetime numbers of one published item, by the platform's id for it. */
  post(env: ConnectorEnv, credentials: Credentials, target: PublishTarget, item: { externalId: string }): Promise<AnalyticsReading<PostMetrics>>;
};

const count = (value: unknown): number => {
  const number = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : 0;
  return Number.isFinite(number) && number > 0 ? Math.floor(number) : 0;
};

/** The reach numbers both kinds share. YouTube has no impressions or unique counts in its statistics. */
function reach(platform: PostPlatform, stats: Record<string, unknown>) {
  const youtube = platform === 'YOUTUBE';
  return {
    impressions: count(stats.impressions),
    impressionsUnique: youtube ? 0 : count(stats.reach),
    views: count(youtube ? stats.viewCount : stats.views),
    viewsUnique: youtube ? 0 : count(stats.uniqueViews),
    likes: count(youtube ? stats.likeCount : stats.likes),
    comments: count(youtube ? stats.commentCount : stats.comments),
  };
}

const statsOf = (raw: Record<string, unknown>) => (raw.statistics ?? raw.metrics ?? {}) as Record<string, unknown>;

/**
 * YouTube's statistics are lifetime values returned as strings: subscribers are the followers,
 * favorites the saves; shares and channel-level likes do not exist there, so they are 0 unless
 * the raw answer carries them.
 */
export function normalizeAccount(platform: PostPlatform, raw: Record<string, unknown>): AccountMetrics {
  const stats = statsOf(raw);
  const youtube = platform === 'YOUTUBE';
  return {
    ...reach(platform, stats),
    postCount: count(youtube ? stats.videoCount : stats.posts),
    followers: count(youtube ? stats.subscriberCount : stats.followers),
    following: youtube ? 0 : count(stats.following),
  };
}

export function normalizePost(platform: PostPlatform, raw: Record<string, unknown>): PostMetrics {
  const stats = statsOf(raw);
  const youtube = platform === 'YOUTUBE';
  return {
    ...reach(platform, stats),
    dislikes: count(youtube ? stats.dislikeCount : stats.dislikes),
    shares: count(youtube ? stats.shareCount : stats.shares),
    saves: count(youtube ? stats.favoriteCount : stats.saves),
  };
}
