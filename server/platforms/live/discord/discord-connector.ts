import type { PlatformConnector } from '../../connector';
import { discord } from '../../definitions/discord';
import { noInboundWebhooks } from '../shared/no-inbound-webhooks';
import { DiscordApi, type DiscordConfig } from './discord-api';
import { discordActions } from './discord-actions';
import { discordAuth, discordConnect, discordProfile } from './discord-profile';
import { discordPublishing } from './discord-publishing';

/**
 * Discord for real: the account is the person who authorized the operator's application (OAuth2,
 * scopes `identify guilds`, plus `bot` to add the bot to their server); posts go through the bot's
 * webhooks in the servers they manage. Discord has no account analytics or post history API for
 * bots, so those capabilities are null, as the platform definition says.
 */
export function discordConnector(config: DiscordConfig): PlatformConnector {
  const api = new DiscordApi(config);
  const profile = discordProfile(api);
  return {
    type: 'DISCORD',
    definition: discord,
    mode: 'live',
    connect: discordConnect(api),
    auth: discordAuth(api),
    profile,
    messaging: null,
    webhooks: noInboundWebhooks('DISCORD'),
    publishing: discordPublishing(api, profile),
    actions: discordActions(api, profile),
    analytics: null,
    xActions: null,
    comments: null,
    reviews: null,
    history: null,
    providerSettings: null,
  };
}
