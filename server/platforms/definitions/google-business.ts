import { definePlatform } from '../define-platform';
import { digits, plans, TTL } from '../platform-definition';
import { PLATFORM_BRANDS } from '../shared/platform-brands';

/** Google Business Profile: the Google account manages locations; the account acts as the one picked. */
export const googleBusiness = definePlatform({
  type: 'GOOGLE_BUSINESS',
  ...PLATFORM_BRANDS.GOOGLE_BUSINESS,
  supports: { comments: false, messaging: false, reviews: true, analytics: true, historyImport: false },
  channels: () => ({ kind: 'location', label: 'Location', selection: 'required' }),
  dailyLimits: { posts: plans(10, 20, 40), comments: null },
  tokens: { accessTtlSeconds: TTL.hour, refreshTtlSeconds: TTL.decade },
  newProfile: (base) => ({
    externalId: digits(21),
    username: base.username,
    displayName: base.displayName,
    attributes: { accountId: `accounts/${digits(21)}` },
  }),
  seedChannels: (profile) => [location(`${profile.displayName} Café`, '12 Market Street, Springfield')],
  newChannel: (_profile, name) => location(name, '1 Main Street, Springfield'),
  newItemId: () => `localPosts/${digits(19)}`,
  permalink: ({ itemId }) => `https://local.google.com/place?id=${digits(19)}&use=posts&lpsid=${itemId.split('/').pop()}`,
});

function location(name: string, address: string) {
  return { kind: 'location', externalId: `locations/${digits(19)}`, name, username: null, address, webhookUrl: null, metadata: null };
}
