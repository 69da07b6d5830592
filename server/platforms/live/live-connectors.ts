import type { Config } from '../../config';
import type { PlatformConnector } from '../connector';
import type { PostPlatform } from '../platform-types';
import { SecretBox } from '../../crypto/secret-box';
import { blueskyConnector } from './bluesky/bluesky-connector';
import { discordConnector } from './discord/discord-connector';
import { googleBusinessConnectorOf } from './google-business/gbp-config';
import { LiveHttpClient } from './live-http';
import { mastodonConnector } from './mastodon/mastodon-connector';
import { facebookConnector } from './meta/facebook-connector';
import { instagramConnector } from './meta/instagram-connector';
import { metaConfigOf } from './meta/meta-config';
import { threadsConnector } from './meta/threads-connector';
import { slackConnector } from './slack/slack-connector';
import { tiktokConnector } from './tiktok/tiktok-connector';
import { youtubeConnectorOf } from './youtube/youtube-config';

/** What a live connector is built from: the operator's configuration and the one outbound HTTP client. */
export type LiveConnectorContext = { config: Config; http: LiveHttpClient };

export type LiveConnectorFactory = (context: LiveConnectorContext) => PlatformConnector;

/**
 * Every platform with a live connector (decision 059). Adding one: a module under
 * `server/platforms/live/<platform>/` exporting a factory, and one line here; the operator turns
 * it on with `LIVE_PLATFORMS` (and the platform's credentials, see docs/connectors.md).
 */
export const LIVE_CONNECTORS: Partial<Record<PostPlatform, LiveConnectorFactory>> = {
  BLUESKY: blueskyConnector,
  // Mastodon needs no operator credentials: our app is registered on each server at connect.
  MASTODON: ({ config, http }) =>
    mastodonConnector({
      http,
      vault: new SecretBox(config.secretKey, 'platformTokens'),
      appName: config.MASTODON_APP_NAME,
      website: config.publicUrl,
      // The one development switch that opens private targets to the SSRF guard (decision 063).
      allowInsecureLoopback: config.WEBHOOK_ALLOW_PRIVATE,
    }),
  // Their credentials are required by the configuration when the platform is in LIVE_PLATFORMS.
  DISCORD: ({ config, http }) =>
    discordConnector({
      http,
      applicationId: config.DISCORD_CLIENT_ID ?? '',
      clientSecret: config.DISCORD_CLIENT_SECRET ?? '',
      botToken: config.DISCORD_BOT_TOKEN ?? '',
      apiBase: config.DISCORD_API_URL,
      authorizeUrl: config.DISCORD_AUTHORIZE_URL,
    }),
  SLACK: ({ config, http }) =>
    slackConnector({
      http,
      clientId: config.SLACK_CLIENT_ID ?? '',
      clientSecret: config.SLACK_CLIENT_SECRET ?? '',
      apiBase: config.SLACK_API_URL,
      authorizeUrl: config.SLACK_AUTHORIZE_URL,
    }),
  // Meta (decision 072): the Graph version and every Meta host are settings, as Discord's and Slack's.
  FACEBOOK: ({ config, http }) => facebookConnector(metaConfigOf(config, http)),
  INSTAGRAM: ({ config, http }) => instagramConnector(metaConfigOf(config, http)),
  THREADS: ({ config, http }) => threadsConnector(metaConfigOf(config, http)),
  // TikTok (decision 092): Login Kit and the Content Posting API, every host a setting.
  TIKTOK: ({ config, http }) =>
    tiktokConnector({
      http,
      clientKey: config.TIKTOK_CLIENT_KEY ?? '',
      clientSecret: config.TIKTOK_CLIENT_SECRET ?? '',
      apiBase: config.TIKTOK_API_URL,
      authorizeUrl: config.TIKTOK_AUTHORIZE_URL,
      uploadBase: config.TIKTOK_UPLOAD_URL,
      businessApiBase: config.TIKTOK_BUSINESS_API_URL,
      chunkBytes: config.TIKTOK_UPLOAD_CHUNK_BYTES,
      statusWaitSeconds: config.TIKTOK_STATUS_WAIT_SECONDS,
      appAudited: config.TIKTOK_APP_AUDITED,
    }),
  YOUTUBE: ({ config, http }) => youtubeConnectorOf(config, http),
  // Google Business Profile (decision 093): Google OAuth, locations as channels, every Google host a setting.
  GOOGLE_BUSINESS: ({ config, http }) => googleBusinessConnectorOf(config, http),
};

// One client (its per-account limits) and one connector per platform for each configuration.
const built = new WeakMap<Config, { http: LiveHttpClient; connectors: Map<PostPlatform, PlatformConnector> }>();

/** The live connector of a platform the operator enabled, or null. */
export function liveConnector(type: PostPlatform, config: Config): PlatformConnector | null {
  const factory = LIVE_CONNECTORS[type];
  if (!factory || !config.LIVE_PLATFORMS.includes(type)) return null;
  let entry = built.get(config);
  if (!entry) {
    entry = {
      http: new LiveHttpClient({
        timeoutMs: config.LIVE_HTTP_TIMEOUT_SECONDS * 1000,
        retries: 2,
        concurrencyPerAccount: 4,
        allowPrivateHosts: config.WEBHOOK_ALLOW_PRIVATE,
      }),
      connectors: new Map(),
    };
    built.set(config, entry);
  }
  let connector = entry.connectors.get(type);
  if (!connector) {
    connector = factory({ config, http: entry.http });
    entry.connectors.set(type, connector);
  }
  return connector;
}
