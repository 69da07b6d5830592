import { definePlatform } from '../define-platform';
import { base62, digits, NO_EXTRA_FIELDS, plans, standardPermissions, TTL } from '../platform-definition';
import { PLATFORM_BRANDS } from '../shared/platform-brands';

const supports = { comments: true, messaging: true, reviews: false, analytics: true, historyImport: true };

/**
 * Instagram professional accounts, connected through Instagram login (the account itself) or
 * through Facebook login (an Instagram account linked to one of the person's pages, picked after).
 */
export const instagram = definePlatform({
  type: 'INSTAGRAM',
  ...PLATFORM_BRANDS.INSTAGRAM,
  supports,
  channels: (choices) =>
    choices.instagramConnectionMethod === 'FACEBOOK' ? { kind: 'instagram-business-account', label: 'Instagram account', selection: 'required' } : null,
  dailyLimits: { posts: plans(10, 50, 100), comments: plans(3, 50, 100) },
  // Long-lived Instagram tokens last 60 days and are refreshed before they run out.
  tokens: { accessTtlSeconds: TTL.sixtyDays, refreshTtlSeconds: TTL.sixtyDays },
  permissionsAsked: (input) => standardPermissions(supports, input),
  // Instagram only lets professional accounts that granted content publishing post through an API.
  requiredPermissions: ['publish'],
  supportsReconnect: (account) => account.instagramConnectionMethod === 'INSTAGRAM',
  newProfile: (base, choices) => ({
    externalId: `17841${digits(12)}`,
    username: base.username.replace(/-/g, '_'),
    displayName: base.displayName,
    attributes: { connectionMethod: choices.instagramConnectionMethod ?? 'INSTAGRAM' },
  }),
  seedChannels: (profile) => [
    {
      kind: 'instagram-business-account',
      externalId: `17841${digits(12)}`,
      name: `${profile.displayName} Studio`,
      username: `${profile.username}.studio`,
      address: null,
      webhookUrl: null,
      metadata: null,
    },
    {
      kind: 'instagram-business-account',
      externalId: `17841${digits(12)}`,
      name: `${profile.displayName} Shop`,
      username: `${profile.username}.shop`,
      address: null,
      webhookUrl: null,
      metadata: null,
    },
  ],
  newChannel: (_profile, name) => ({
    kind: 'instagram-business-account',
    externalId: `17841${digits(12)}`,
    name,
    username: name.toLowerCase().replace(/[^a-z0-9]+/g, '.'),
    address: null,
    webhookUrl: null,
    metadata: null,
  }),
  accountFields: (_profile, choices) => ({ ...NO_EXTRA_FIELDS, instagramConnectionMethod: choices.instagramConnectionMethod ?? 'INSTAGRAM' }),
  newItemId: () => base62(11),
  permalink: ({ itemId }) => `https://www.instagram.com/p/${itemId}/`,
});
