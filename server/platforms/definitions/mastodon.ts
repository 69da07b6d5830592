import { createHash } from 'node:crypto';
import { definePlatform } from '../define-platform';
import { digits, NO_EXTRA_FIELDS, plans, TTL } from '../platform-definition';

const DEFAULT_SERVER = 'https://mastodon.social';

/** Mastodon: accounts live on a server the person names; tokens do not expire. */
export const mastodon = definePlatform({
  type: 'MASTODON',
  label: 'Mastodon',
  brandColor: '#6364ff',
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

/** Stable per server, so accounts on one server share its registered app. */
function serverId(origin: string): string {
  return `mst_${createHash('sha256').update(origin).digest('hex').slice(0, 16)}`;
}
