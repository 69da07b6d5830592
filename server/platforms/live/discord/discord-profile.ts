import type { AuthCapability, LiveConnectCapability, PlatformChannel, ProfileCapability, TokenSet } from '../../connector';
import { PlatformError } from '../../platform-error';
import type { DiscordApi } from './discord-api';

type DiscordUser = { id: string; username: string; global_name: string | null; avatar: string | null; email?: string | null };
type DiscordGuild = { id: string; name: string; icon: string | null; owner?: boolean; permissions: string };
type DiscordChannel = { id: string; name: string; type: number; guild_id?: string };
type DiscordWebhook = { id: string; name: string | null; avatar: string | null; channel_id: string; application_id: string | null; token?: string };

const ADMINISTRATOR = 1n << 3n;
const MANAGE_WEBHOOKS = 1n << 29n;
// Text (0) and announcement (5) channels take webhook messages.
const POSTABLE_TYPES = new Set([0, 5]);

// What the bot is asked for when it joins a server: see channels, post, embed links, attach files,
// read history, manage webhooks (it posts through them), start threads and post in them.
const BOT_PERMISSIONS = [10n, 11n, 14n, 15n, 16n, 29n, 35n, 38n].reduce((bits, bit) => bits | (1n << bit), 0n);

type TokenAnswer = { access_token: string; refresh_token: string; expires_in: number };

async function tokenCall(api: DiscordApi, form: Record<string, string>, operation: string): Promise<TokenSet> {
  const body = new URLSearchParams({ ...form, client_id: api.config.applicationId, client_secret: api.config.clientSecret });
  try {
    const tokens = await api.withoutAuth<TokenAnswer>(form.refresh_token ?? form.code ?? operation, {
      operation,
      method: 'POST',
      path: '/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    });
    return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expiresAt: new Date(Date.now() + tokens.expires_in * 1000) };
  } catch (error) {
    // `invalid_grant`: the person removed the app, the code expired, or the refresh token was used already.
    if (error instanceof PlatformError && error.httpStatus === 400 && String(error.meta.body).includes('invalid_grant')) {
      throw new PlatformError({
        code: 'ACCESS_REVOKED',
        message: `Discord refused the grant (invalid_grant)`,
        httpStatus: 400,
        meta: { platform: 'DISCORD', operation },
      });
    }
    throw error;
  }
}

/**
 * Connecting: Discord's consent page both signs the person in (`identify guilds`) and adds the bot
 * to a server they pick (`bot` with the permissions above), then we trade the code for their tokens.
 */
export function discordConnect(api: DiscordApi): LiveConnectCapability {
  return {
    method: 'oauth',
    async authorizationUrl(_env, input) {
      const query = new URLSearchParams({
        client_id: api.config.applicationId,
        redirect_uri: input.redirectUri,
        response_type: 'code',
        scope: 'identify guilds bot',
        permissions: BOT_PERMISSIONS.toString(),
        state: input.state,
        prompt: 'consent',
      });
      return `${api.config.authorizeUrl ?? 'https://discord.com/oauth2/authorize'}?${query}`;
    },
    exchange: (_env, input) => tokenCall(api, { grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri }, 'connect.exchangeCode'),
  };
}

/** Discord user tokens last a week; the refresh token gets a new pair (and stops working itself). */
export function discordAuth(api: DiscordApi): AuthCapability {
  return {
    async refresh(_env, credentials) {
      if (!credentials.refreshToken) {
        throw new PlatformError({
          code: 'TOKEN_EXPIRED',
          message: 'This Discord connection has no refresh token',
          httpStatus: 400,
          meta: { platform: 'DISCORD', operation: 'auth.refresh' },
        });
      }
      return tokenCall(api, { grant_type: 'refresh_token', refresh_token: credentials.refreshToken }, 'auth.refresh');
    },
  };
}

/**
 * The connected account is the Discord user who installed the bot; the channels are the text
 * channels of the servers they manage (owner, administrator or "manage webhooks") where the bot
 * is present. That intersection is also what publishing checks, so a team can only ever post to
 * servers its own member administers, whatever channel id a request names.
 */
export function discordProfile(api: DiscordApi): ProfileCapability & { manageableGuilds: (accessToken: string) => Promise<DiscordGuild[]> } {
  async function manageableGuilds(accessToken: string): Promise<DiscordGuild[]> {
    const guilds = await api.asUser<DiscordGuild[]>(accessToken, { operation: 'profile.guilds', path: '/users/@me/guilds' });
    return guilds.filter((guild) => guild.owner === true || (BigInt(guild.permissions) & (ADMINISTRATOR | MANAGE_WEBHOOKS)) !== 0n);
  }

  return {
    manageableGuilds,
    async fetch(_env, credentials) {
      const user = await api.asUser<DiscordUser>(credentials.accessToken, { operation: 'profile.fetch', path: '/users/@me' });
      return {
        profile: {
          externalId: user.id,
          username: user.username,
          displayName: user.global_name ?? user.username,
          bio: null,
          avatarUrl: user.avatar ? `https://cdn.discordapp.com/avatars/${user.id}/${user.avatar}.png` : null,
          email: user.email ?? null,
          attributes: {},
        },
        // Posting goes through webhooks of the bot the person installed; replies through its threads.
        permissions: ['profile', 'publish', 'comments'],
      };
    },
    async listChannels(_env, credentials) {
      const channels: PlatformChannel[] = [];
      for (const guild of await manageableGuilds(credentials.accessToken)) {
        let guildChannels: DiscordChannel[];
        let webhooks: DiscordWebhook[] = [];
        try {
          guildChannels = await api.asBot<DiscordChannel[]>(guild.id, { operation: 'profile.listChannels', path: `/guilds/${guild.id}/channels` });
          webhooks = await api
            .asBot<DiscordWebhook[]>(guild.id, { operation: 'profile.listChannels', path: `/guilds/${guild.id}/webhooks` })
            .catch((error: unknown) => {
              if (error instanceof PlatformError && error.code === 'PERMISSION_MISSING') return [];
              throw error;
            });
        } catch (error) {
          // The bot is not on this server (or was kicked): nothing of it can be posted to.
          if (error instanceof PlatformError && (error.code === 'PERMISSION_MISSING' || error.code === 'NOT_FOUND')) continue;
          throw error;
        }
        for (const channel of guildChannels.filter((candidate) => POSTABLE_TYPES.has(candidate.type))) {
          const ours = webhooks.find((webhook) => webhook.channel_id === channel.id && webhook.application_id === api.config.applicationId);
          channels.push({
            id: channel.id,
            name: `#${channel.name}`,
            username: channel.name,
            address: guild.name,
            avatarUrl: guild.icon ? `https://cdn.discordapp.com/icons/${guild.id}/${guild.icon}.png` : null,
            // The webhook's URL carries its secret token: it stays on the server.
            webhook: ours ? { id: ours.id, name: ours.name, avatar: ours.avatar, url: null } : null,
            metadata: null,
          });
        }
      }
      return channels;
    },
  };
}

/** The channel, if it is a postable channel of a server the person manages; NOT_FOUND otherwise. */
export async function manageableChannel(
  api: DiscordApi,
  profile: ReturnType<typeof discordProfile>,
  accessToken: string,
  channelId: string,
  operation: string,
): Promise<{ id: string; guildId: string }> {
  const notFound = () =>
    new PlatformError({
      code: 'NOT_FOUND',
      message: `Discord channel ${channelId} is not a text channel of a server you manage with the bot on it`,
      httpStatus: 404,
      meta: { platform: 'DISCORD', operation },
    });
  if (!/^\d{1,25}$/.test(channelId)) throw notFound();
  const channel = await api.asBot<DiscordChannel>(channelId, { operation, path: `/channels/${channelId}` }).catch((error: unknown) => {
    if (error instanceof PlatformError && (error.code === 'NOT_FOUND' || error.code === 'PERMISSION_MISSING')) throw notFound();
    throw error;
  });
  const guilds = await profile.manageableGuilds(accessToken);
  if (!channel.guild_id || !POSTABLE_TYPES.has(channel.type) || !guilds.some((guild) => guild.id === channel.guild_id)) throw notFound();
  return { id: channel.id, guildId: channel.guild_id };
}

/** The bot's webhook in the channel, made on first use (the bot needs "Manage Webhooks" there). */
export async function channelWebhook(
  api: DiscordApi,
  channelId: string,
  operation: string,
  options: { create: boolean },
): Promise<{ id: string; token: string }> {
  const existing = await api.asBot<DiscordWebhook[]>(channelId, { operation, path: `/channels/${channelId}/webhooks` });
  const ours = existing.find((webhook) => webhook.application_id === api.config.applicationId && webhook.token);
  if (ours?.token) return { id: ours.id, token: ours.token };
  if (!options.create) {
    throw new PlatformError({
      code: 'NOT_FOUND',
      message: `The bot's webhook in Discord channel ${channelId} is gone`,
      httpStatus: 404,
      meta: { platform: 'DISCORD', operation },
    });
  }
  const created = await api.asBot<DiscordWebhook>(channelId, {
    operation,
    method: 'POST',
    path: `/channels/${channelId}/webhooks`,
    body: { name: api.config.webhookName ?? 'SocialDesk' },
  });
  return { id: created.id, token: created.token! };
}
