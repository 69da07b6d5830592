import { definePlatform } from '../define-platform';
import { base62, digits, NO_EXTRA_FIELDS, plans, TTL } from '../platform-definition';
import { PLATFORM_BRANDS } from '../shared/platform-brands';

/** TikTok: access tokens last 24 hours, refresh tokens a year; business accounts come through the business scope. */
export const tiktok = definePlatform({
  type: 'TIKTOK',
  ...PLATFORM_BRANDS.TIKTOK,
  supports: { comments: true, messaging: false, reviews: false, analytics: true, historyImport: true },
  dailyLimits: { posts: plans(5, 10, 15), comments: plans(3, 10, 15) },
  tokens: { accessTtlSeconds: TTL.day, refreshTtlSeconds: TTL.year },
  newProfile: (base, choices) => ({
    externalId: `-000${base62(28)}`,
    username: base.username.replace(/-/g, '_'),
    displayName: base.displayName,
    attributes: { business: choices.withBusinessScope ?? false },
  }),
  accountFields: (profile) => ({ ...NO_EXTRA_FIELDS, isTiktokBusinessAccount: profile.attributes.business === true }),
  newItemId: () => digits(19),
  permalink: ({ profile, itemId }) => `https://www.tiktok.com/@${profile.username}/video/${itemId}`,
});
