import { definePlatform } from '../define-platform';
import { base62, digits, plans, slug, TTL } from '../platform-definition';
import { PLATFORM_BRANDS } from '../shared/platform-brands';

/** LinkedIn: members post as themselves or as an organization page they administer. */
export const linkedin = definePlatform({
  type: 'LINKEDIN',
  ...PLATFORM_BRANDS.LINKEDIN,
  supports: { comments: true, messaging: false, reviews: false, analytics: true, historyImport: true },
  channels: () => ({ kind: 'organization', label: 'Organization', selection: 'optional' }),
  dailyLimits: { posts: plans(10, 18, 24), comments: plans(3, 18, 24) },
  tokens: { accessTtlSeconds: TTL.sixtyDays, refreshTtlSeconds: TTL.year },
  newProfile: (base) => ({ externalId: base62(10), username: slug(base.username), displayName: base.displayName, attributes: {} }),
  seedChannels: (profile) => [organization(`${profile.displayName} Consulting`)],
  newChannel: (_profile, name) => organization(name),
  newItemId: () => `urn:li:share:${digits(19)}`,
  permalink: ({ itemId }) => `https://www.linkedin.com/feed/update/${itemId}/`,
});

function organization(name: string) {
  const id = digits(8);
  return {
    kind: 'organization',
    externalId: id,
    name,
    username: slug(name),
    address: `https://www.linkedin.com/company/${slug(name)}/`,
    webhookUrl: null,
    metadata: null,
  };
}
