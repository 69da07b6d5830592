import type { PlatformConnector } from '../connector';
import type { LiveHttpClient } from './live-http';
import { discordConnector } from './discord/discord-connector';
import { mastodonConnector } from './mastodon/mastodon-connector';
import { slackConnector } from './slack/slack-connector';

/** The operator's settings for these three; a platform without its settings is not offered live. */
export type MastodonDiscordSlackSettings = {
  /** Mastodon needs no operator credentials: the app is registered on each server at connect. */
  mastodon: { appName: string; website?: string } | null;
  discord: { applicationId: string; clientSecret: string; botToken: string } | null;
  slack: { clientId: string; clientSecret: string } | null;
};

/** The live connectors of Mastodon, Discord and Slack that the settings make available, for the live registry. */
export function mastodonDiscordSlackConnectors(http: LiveHttpClient, settings: MastodonDiscordSlackSettings): PlatformConnector[] {
  const connectors: PlatformConnector[] = [];
  if (settings.mastodon) connectors.push(mastodonConnector({ http, ...settings.mastodon }));
  if (settings.discord) connectors.push(discordConnector({ http, ...settings.discord }));
  if (settings.slack) connectors.push(slackConnector({ http, ...settings.slack }));
  return connectors;
}
