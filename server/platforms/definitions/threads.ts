import { definePlatform } from '../define-platform';
import { base62, digits, plans, TTL } from '../platform-definition';
import { PLATFORM_BRANDS } from '../shared/platform-brands';

export const threads = definePlatform({
  type: 'THREADS',
  ...PLATFORM_BRANDS.THREADS,
  supports: { comments: true, messaging: false, reviews: false, analytics: true, historyImport: true },
  dailyLimits: { posts: plans(10, 200, 250), comments: plans(3, 200, 250) },
  tokens: { accessTtlSeconds: TTL.sixtyDays, refreshTtlSeconds: TTL.sixtyDays },
  newProfile: (base) => ({ externalId: digits(17), username: base.username.replace(/-/g, '_'), displayName: base.displayName, attributes: {} }),
  newItemId: () => base62(11),
  permalink: ({ profile, itemId }) => `https://www.threads.net/@${profile.username}/post/${itemId}`,
});
