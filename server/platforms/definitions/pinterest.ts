import { definePlatform } from '../define-platform';
import { digits, plans, slug, TTL } from '../platform-definition';
import { PLATFORM_BRANDS } from '../shared/platform-brands';

/** Pinterest: pins go to a board chosen per post. */
export const pinterest = definePlatform({
  type: 'PINTEREST',
  ...PLATFORM_BRANDS.PINTEREST,
  supports: { comments: false, messaging: false, reviews: false, analytics: true, historyImport: true },
  channels: () => ({ kind: 'board', label: 'Board', selection: 'per-post' }),
  dailyLimits: { posts: plans(10, 24, 36), comments: null },
  tokens: { accessTtlSeconds: TTL.month, refreshTtlSeconds: TTL.year },
  newProfile: (base) => ({ externalId: digits(18), username: base.username.replace(/[^a-z0-9_]/gi, ''), displayName: base.displayName, attributes: {} }),
  seedChannels: (profile) => [board(profile.username, 'Inspiration'), board(profile.username, 'Recipes to try')],
  newChannel: (profile, name) => board(profile.username, name),
  newItemId: () => digits(18),
  permalink: ({ itemId }) => `https://www.pinterest.com/pin/${itemId}/`,
});

function board(owner: string, name: string) {
  return {
    kind: 'board',
    externalId: digits(18),
    name,
    username: null,
    address: `https://www.pinterest.com/${owner}/${slug(name)}/`,
    webhookUrl: null,
    metadata: { allowImages: true, allowVideos: true, allowGalleries: false },
  };
}
