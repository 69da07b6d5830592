import { definePlatform } from '../define-platform';
import { base62, digits, plans, TTL } from '../platform-definition';
import { PLATFORM_BRANDS } from '../shared/platform-brands';

/** YouTube: a Google account can own several channels; the account posts as the channel picked. */
export const youtube = definePlatform({
  type: 'YOUTUBE',
  ...PLATFORM_BRANDS.YOUTUBE,
  supports: { comments: true, messaging: false, reviews: false, analytics: true, historyImport: true },
  channels: () => ({ kind: 'youtube-channel', label: 'Channel', selection: 'required' }),
  dailyLimits: { posts: plans(10, 10, 15), comments: plans(3, 10, 15) },
  // Google access tokens last an hour; refresh tokens do not expire while used.
  tokens: { accessTtlSeconds: TTL.hour, refreshTtlSeconds: TTL.decade },
  newProfile: (base) => ({ externalId: digits(21), username: base.username, displayName: base.displayName, attributes: {} }),
  seedChannels: (profile) => [channel(profile.displayName, profile.username), channel(`${profile.displayName} Shorts`, `${profile.username}shorts`)],
  newChannel: (_profile, name) => channel(name, name.toLowerCase().replace(/[^a-z0-9]+/g, '')),
  newItemId: () => base62(11),
  permalink: ({ itemId }) => `https://www.youtube.com/watch?v=${itemId}`,
});

function channel(name: string, handle: string) {
  return {
    kind: 'youtube-channel',
    externalId: `UC${base62(22)}`,
    name,
    // The handle without its "@", like every other platform's username: screens add the "@" when they show one.
    username: handle,
    address: `https://www.youtube.com/@${handle}`,
    webhookUrl: null,
    metadata: null,
  };
}
