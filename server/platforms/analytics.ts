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

/**
 * YouTube's statistics are lifetime values returned as strings: subscribers are the followers,
 * favorites the saves; shares and channel-level likes do not exist there, so they are 0 unless
 * the raw answer carries them.
 */
export function normalizeAccount(platform: PostPlatform, raw: Record<string, unknown>): AccountMetrics {
  const stats = (raw.statistics ?? raw.metrics ?? {}) as Record<string, unknown>;
  if (platform === 'YOUTUBE') {
    return {
      impressions: count(stats.impressions),
      impressionsUnique: 0,
      views: count(stats.viewCount),
      viewsUnique: 0,
      likes: count(stats.likeCount),
      comments: count(stats.commentCount),
      postCount: count(stats.videoCount),
      followers: count(stats.subscriberCount),
      following: 0,
    };
  }
  return {
    impressions: count(stats.impressions),
    impressionsUnique: count(stats.reach),
    views: count(stats.views),
    viewsUnique: count(stats.uniqueViews),
    likes: count(stats.likes),
    comments: count(stats.comments),
    postCount: count(stats.posts),
    followers: count(stats.followers),
    following: count(stats.following),
  };
}

export function normalizePost(platform: PostPlatform, raw: Record<string, unknown>): PostMetrics {
  const stats = (raw.statistics ?? raw.metrics ?? {}) as Record<string, unknown>;
  if (platform === 'YOUTUBE') {
    return {
      impressions: count(stats.impressions),
      impressionsUnique: 0,
      views: count(stats.viewCount),
      viewsUnique: 0,
      likes: count(stats.likeCount),
      dislikes: count(stats.dislikeCount),
      comments: count(stats.commentCount),
      shares: count(stats.shareCount),
      saves: count(stats.favoriteCount),
    };
  }
  return {
    impressions: count(stats.impressions),
    impressionsUnique: count(stats.reach),
    views: count(stats.views),
    viewsUnique: count(stats.uniqueViews),
    likes: count(stats.likes),
    dislikes: count(stats.dislikes),
    comments: count(stats.comments),
    shares: count(stats.shares),
    saves: count(stats.saves),
  };
}
