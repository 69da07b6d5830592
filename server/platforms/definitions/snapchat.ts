import { definePlatform } from '../define-platform';
import { base62, digits, plans, TTL } from '../platform-definition';
import { PLATFORM_BRANDS } from '../shared/platform-brands';

/** Snapchat is a post target only: teams do not connect Snapchat accounts. */
export const snapchat = definePlatform({
  type: 'SNAPCHAT',
  ...PLATFORM_BRANDS.SNAPCHAT,
  connectable: false,
  supports: { comments: false, messaging: false, reviews: false, analytics: false, historyImport: false },
  dailyLimits: { posts: plans(5, 20, 40), comments: null },
  tokens: { accessTtlSeconds: TTL.hour, refreshTtlSeconds: TTL.year },
  newProfile: (base) => ({ externalId: digits(16), username: base.username, displayName: base.displayName, attributes: {} }),
  newItemId: () => base62(16),
  permalink: ({ profile, itemId }) => `https://www.snapchat.com/add/${profile.username}/${itemId}`,
});
