import { definePlatform } from '../define-platform';
import { base32, plans, TTL } from '../platform-definition';
import { PLATFORM_BRANDS } from '../shared/platform-brands';

/** Reddit: posts go to a subreddit chosen per post; each subreddit has its own media and flair rules. */
export const reddit = definePlatform({
  type: 'REDDIT',
  ...PLATFORM_BRANDS.REDDIT,
  supports: { comments: true, messaging: false, reviews: false, analytics: true, historyImport: true },
  channels: () => ({ kind: 'subreddit', label: 'Subreddit', selection: 'per-post' }),
  dailyLimits: { posts: plans(10, 24, 36), comments: plans(3, 24, 36) },
  // Access tokens last an hour; a permanent refresh token renews them.
  tokens: { accessTtlSeconds: TTL.hour, refreshTtlSeconds: TTL.decade },
  newProfile: (base) => ({
    externalId: `t2_${base32(8)}`,
    username: base.username.replace(/[^A-Za-z0-9_-]/g, '_'),
    displayName: base.displayName,
    attributes: {},
  }),
  seedChannels: (profile) => [
    subreddit(`u_${profile.username}`, { allowImages: true, allowVideos: true, allowGalleries: true, linkFlairEnabled: false }),
    subreddit('SideProject', { allowImages: true, allowVideos: false, allowGalleries: true, linkFlairEnabled: true }),
  ],
  newChannel: (_profile, name) =>
    subreddit(
      name
        .replace(/^r\//, '')
        .replace(/[^A-Za-z0-9_]/g, '')
        .slice(0, 21) || 'sandbox',
      { allowImages: true, allowVideos: true, allowGalleries: true, linkFlairEnabled: false },
    ),
  newItemId: () => base32(7),
  permalink: ({ channel, itemId }) => `https://www.reddit.com/r/${channel?.username ?? 'all'}/comments/${itemId}/`,
});

function subreddit(name: string, metadata: Record<string, boolean>) {
  return {
    kind: 'subreddit',
    externalId: `t5_${base32(6)}`,
    name: `r/${name}`,
    username: name,
    address: `https://www.reddit.com/r/${name}/`,
    webhookUrl: null,
    metadata,
  };
}
