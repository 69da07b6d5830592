import { definePlatform } from '../define-platform';
import { digits, NO_EXTRA_FIELDS, plans, TTL } from '../platform-definition';
import { PLATFORM_BRANDS } from '../shared/platform-brands';

const TIERS = ['none', 'basic', 'premium', 'premium_plus'] as const;

/** X: OAuth 2.0 access tokens last two hours; refresh tokens keep the connection alive. */
export const twitter = definePlatform({
  type: 'TWITTER',
  ...PLATFORM_BRANDS.TWITTER,
  supports: { comments: false, messaging: false, reviews: false, analytics: false, historyImport: true },
  dailyLimits: { posts: plans(5, 15, 15), comments: null },
  tokens: { accessTtlSeconds: TTL.twoHours, refreshTtlSeconds: 180 * TTL.day },
  newProfile: (base) => ({
    externalId: digits(19),
    username: base.username.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 15),
    displayName: base.displayName,
    attributes: { subscriptionTier: 'none' },
  }),
  accountFields: (profile) => {
    const tier = TIERS.find((value) => value === profile.attributes.subscriptionTier) ?? 'none';
    return { ...NO_EXTRA_FIELDS, twitterSubType: tier };
  },
  newItemId: () => digits(19),
  permalink: ({ profile, itemId }) => `https://x.com/${profile.username}/status/${itemId}`,
});
