import { definePlatform } from '../define-platform';
import { base32, base62, plans, slug, TTL } from '../platform-definition';
import { PLATFORM_BRANDS } from '../shared/platform-brands';

/**
 * Slack: the app posts with its bot token (`chat.postMessage`; files through the external upload)
 * into the channel chosen per post (decision 060). With token rotation on in the Slack app the bot
 * token lasts 12 hours and is refreshed; without it, it never expires. Sandbox channels still carry
 * an incoming-webhook URL, which the spec's channel model shows.
 */
export const slack = definePlatform({
  type: 'SLACK',
  ...PLATFORM_BRANDS.SLACK,
  supports: { comments: true, messaging: false, reviews: false, analytics: false, historyImport: false },
  channels: () => ({ kind: 'slack-channel', label: 'Channel', selection: 'per-post' }),
  dailyLimits: { posts: plans(10, 100, 200), comments: plans(3, 100, 200) },
  tokens: { accessTtlSeconds: 12 * TTL.hour, refreshTtlSeconds: TTL.decade },
  newProfile: (base) => ({
    externalId: `U0${base32(9).toUpperCase()}`,
    username: base.username,
    displayName: base.displayName,
    attributes: { workspace: `T0${base32(9).toUpperCase()}` },
  }),
  seedChannels: () => [channel('marketing'), channel('general')],
  newChannel: (_profile, name) => channel(name),
  newItemId: () => `${Math.floor(Date.now() / 1000)}.${String(Date.now() % 1_000_000).padStart(6, '0')}`,
  permalink: ({ channel, profile, itemId }) =>
    `https://${slug(String(profile.attributes.workspace ?? 'workspace'))}.slack.com/archives/${channel?.externalId ?? 'C0'}/p${itemId.replace('.', '')}`,
});

function channel(name: string) {
  return {
    kind: 'slack-channel',
    externalId: `C0${base32(9).toUpperCase()}`,
    name: `#${slug(name)}`,
    username: slug(name),
    address: null,
    webhookUrl: `https://hooks.slack.com/services/T0${base32(9).toUpperCase()}/B0${base32(9).toUpperCase()}/${base62(24)}`,
    metadata: null,
  };
}
