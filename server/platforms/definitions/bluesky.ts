import { definePlatform } from '../define-platform';
import { base32, plans, slug, TTL } from '../platform-definition';
import { PLATFORM_BRANDS } from '../shared/platform-brands';

/** Bluesky: a DID with a handle; sessions last about two hours and refresh for 90 days. */
export const bluesky = definePlatform({
  type: 'BLUESKY',
  ...PLATFORM_BRANDS.BLUESKY,
  supports: { comments: true, messaging: false, reviews: false, analytics: true, historyImport: true },
  dailyLimits: { posts: plans(10, 50, 100), comments: plans(3, 50, 100) },
  tokens: { accessTtlSeconds: TTL.twoHours, refreshTtlSeconds: 90 * TTL.day },
  newProfile: (base) => ({
    externalId: `did:plc:${base32(24)}`,
    username: base.username.includes('.') && base.username.endsWith('.bsky.social') ? base.username : `${slug(base.username)}.bsky.social`,
    displayName: base.displayName,
    attributes: {},
  }),
  newItemId: () => base32(13),
  permalink: ({ profile, itemId }) => `https://bsky.app/profile/${profile.username}/post/${itemId}`,
});
