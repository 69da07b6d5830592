import { definePlatform } from '../define-platform';
import { digits, plans, slug, TTL } from '../platform-definition';
import { PLATFORM_BRANDS } from '../shared/platform-brands';

/** Facebook: the person logs in, then picks one of the pages they manage; the page is the account. */
export const facebook = definePlatform({
  type: 'FACEBOOK',
  ...PLATFORM_BRANDS.FACEBOOK,
  supports: { comments: true, messaging: true, reviews: true, analytics: true, historyImport: true },
  channels: () => ({ kind: 'page', label: 'Page', selection: 'required' }),
  dailyLimits: { posts: plans(10, 50, 100), comments: plans(3, 50, 100) },
  // Page tokens derived from a long-lived user token do not expire on their own; the user token lasts 60 days.
  tokens: { accessTtlSeconds: TTL.sixtyDays, refreshTtlSeconds: TTL.sixtyDays },
  newProfile: (base) => ({ externalId: `10${digits(14)}`, username: base.username.replace(/_/g, '.'), displayName: base.displayName, attributes: {} }),
  seedChannels: (profile) => [page(`${profile.displayName} Official`), page(`${profile.displayName} Community`)],
  newChannel: (_profile, name) => page(name),
  newItemId: () => `${digits(15)}_${digits(16)}`,
  permalink: ({ channel, profile, itemId }) => `https://www.facebook.com/${channel?.externalId ?? profile.externalId}/posts/${itemId.split('_').pop()}`,
});

function page(name: string) {
  return { kind: 'page', externalId: `1${digits(14)}`, name, username: slug(name, ''), address: null, webhookUrl: null, metadata: null };
}
