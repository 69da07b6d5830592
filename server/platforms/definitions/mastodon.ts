import { definePlatform } from '../define-platform';
import { digits, NO_EXTRA_FIELDS, plans, TTL } from '../platform-definition';
import { PLATFORM_BRANDS } from '../shared/platform-brands';

const DEFAULT_SERVER = 'https://mastodon.social';

/** Mastodon: accounts live on a server the person names; tokens do not expire. */
export const mastodon = definePlatform({
  type: 'MASTODON',
  ...PLATFORM_BRANDS.MASTODON,
  supports: { comments: true, messaging: false, reviews: false, analytics: true, historyImport: true },
  dailyLimits: { posts: plans(10, 50, 100), comments: plans(3, 50, 100) },
  tokens: { accessTtlSeconds: TTL.decade, refreshTtlSeconds: null },
  newProfile: (base, choices) => ({
    externalId: digits(18),
    username: base.username.replace(/[^A-Za-z0-9_]/g, '_'),
    displayName: base.displayName,
    attributes: { server: new URL(choices.serverUrl ?? DEFAULT_SERVER).origin },
  }),
  accountFields: (profile) => ({ ...NO_EXTRA_FIELDS, mastodonServerId: serverId(String(profile.attributes.server ?? DEFAULT_SERVER)) }),
  newItemId: () => digits(18),
  permalink: ({ profile, itemId }) => `${String(profile.attributes.server ?? DEFAULT_SERVER)}/@${profile.username}/${itemId}`,
});

/**
 * Stable per server, so accounts on one server share its registered app. An identifier, not a
 * secret: FNV-1a (64-bit) keeps this module free of node:crypto, since the dashboard bundles it.
 */
function serverId(origin: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(origin)) hash = BigInt.asUintN(64, (hash ^ BigInt(byte)) * 0x100000001b3n);
  return `mst_${hash.toString(16).padStart(16, '0')}`;
}
