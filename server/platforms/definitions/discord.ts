import { definePlatform } from '../define-platform';
import { base62, digits, plans, slug, TTL } from '../platform-definition';
import { PLATFORM_BRANDS } from '../shared/platform-brands';

/** Discord: the bot posts through a webhook of the text channel chosen per post. */
export const discord = definePlatform({
  type: 'DISCORD',
  ...PLATFORM_BRANDS.DISCORD,
  supports: { comments: true, messaging: false, reviews: false, analytics: false, historyImport: false },
  channels: () => ({ kind: 'text-channel', label: 'Channel', selection: 'per-post' }),
  dailyLimits: { posts: plans(10, 100, 200), comments: plans(3, 100, 200) },
  tokens: { accessTtlSeconds: TTL.week, refreshTtlSeconds: TTL.year },
  newProfile: (base) => ({
    externalId: digits(18),
    username: base.username.replace(/[^a-z0-9_.]/gi, '').toLowerCase(),
    displayName: base.displayName,
    attributes: {},
  }),
  seedChannels: () => [textChannel('announcements'), textChannel('general')],
  newChannel: (_profile, name) => textChannel(name),
  newItemId: () => digits(19),
  permalink: ({ channel, itemId }) => `https://discord.com/channels/${digits(18)}/${channel?.externalId ?? digits(18)}/${itemId}`,
});

function textChannel(name: string) {
  const id = digits(18);
  const webhookId = digits(19);
  return {
    kind: 'text-channel',
    externalId: id,
    name: `#${slug(name)}`,
    username: slug(name),
    address: null,
    webhookUrl: `https://discord.com/api/webhooks/${webhookId}/${base62(68)}`,
    metadata: null,
  };
}
