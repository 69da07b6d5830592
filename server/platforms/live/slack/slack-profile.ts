import type { AuthCapability, LiveConnectCapability, PlatformChannel, ProfileCapability, TokenSet } from '../../connector';
import { TTL } from '../../platform-definition';
import type { Permission } from '../../permissions';
import { PlatformError } from '../../platform-error';
import type { SlackApi, SlackAnswer } from './slack-api';

type SlackChannel = { id: string; name: string; is_private: boolean; is_member: boolean; is_archived: boolean };

/** What the app's bot asks for at install: post (as itself or a custom name), files, read channels and their history (intents). */
export const SLACK_BOT_SCOPES = [
  'chat:write',
  'chat:write.customize',
  'channels:read',
  'groups:read',
  'channels:history',
  'groups:history',
  'files:write',
  'files:read',
];

type TokenAnswer = SlackAnswer & { access_token: string; refresh_token?: string; expires_in?: number };

function tokenSet(answer: TokenAnswer): TokenSet {
  // Without token rotation Slack's bot tokens do not expire: the definition's decade stands for "never".
  const seconds = answer.expires_in ?? TTL.decade;
  return { accessToken: answer.access_token, refreshToken: answer.refresh_token ?? null, expiresAt: new Date(Date.now() + seconds * 1000) };
}

/** Installing the app in a workspace (OAuth v2): Slack's consent page, then `oauth.v2.access` for the bot token. */
export function slackConnect(api: SlackApi): LiveConnectCapability {
  return {
    method: 'oauth',
    async authorizationUrl(_env, input) {
      const query = new URLSearchParams({
        client_id: api.config.clientId,
        scope: SLACK_BOT_SCOPES.join(','),
        redirect_uri: input.redirectUri,
        state: input.state,
      });
      return `${api.config.authorizeUrl ?? 'https://slack.com/oauth/v2/authorize'}?${query}`;
    },
    async exchange(_env, input) {
      const { answer } = await api.call<TokenAnswer>(
        null,
        'oauth.v2.access',
        { code: input.code, redirect_uri: input.redirectUri, client_id: api.config.clientId, client_secret: api.config.clientSecret },
        { operation: 'connect.exchangeCode', encoding: 'form' },
      );
      return tokenSet(answer);
    },
  };
}

/** Bot tokens rotate when the app enables token rotation (12 hours); the refresh token gets a new pair. */
export function slackAuth(api: SlackApi): AuthCapability {
  return {
    async refresh(_env, credentials) {
      if (!credentials.refreshToken) {
        throw new PlatformError({
          code: 'TOKEN_EXPIRED',
          message: 'This Slack connection has no refresh token',
          httpStatus: 400,
          meta: { platform: 'SLACK', operation: 'auth.refresh' },
        });
      }
      const { answer } = await api.call<TokenAnswer>(
        null,
        'oauth.v2.access',
        { grant_type: 'refresh_token', refresh_token: credentials.refreshToken, client_id: api.config.clientId, client_secret: api.config.clientSecret },
        { operation: 'auth.refresh', encoding: 'form' },
      );
      return tokenSet(answer);
    },
  };
}

/**
 * The account is the app's bot user in one workspace (`auth.test`); its permissions are read from
 * the scopes Slack reports on every answer (`X-OAuth-Scopes`), so a token without `chat:write`
 * connects without "publish". Channels are those the bot can post to: the ones it is a member of,
 * and public ones when it has `chat:write.public`.
 */
export function slackProfile(api: SlackApi): ProfileCapability {
  return {
    async fetch(_env, credentials) {
      const { answer, headers } = await api.call<SlackAnswer & { url: string; team: string; user: string; team_id: string; user_id: string }>(
        credentials.accessToken,
        'auth.test',
        {},
        { operation: 'profile.fetch' },
      );
      const scopes = (headers.get('x-oauth-scopes') ?? '').split(',').map((scope) => scope.trim());
      const permissions: Permission[] = ['profile'];
      if (scopes.includes('chat:write')) permissions.push('publish', 'comments');
      return {
        profile: {
          externalId: answer.user_id,
          username: answer.user,
          displayName: answer.team,
          bio: null,
          avatarUrl: null,
          email: null,
          attributes: { workspace: answer.team_id, workspaceUrl: answer.url, postsToPublicChannels: scopes.includes('chat:write.public') },
        },
        permissions,
      };
    },
    async listChannels(_env, credentials) {
      const channels: PlatformChannel[] = [];
      let cursor: string | undefined;
      let publicToo = false;
      do {
        const { answer, headers } = await api.call<SlackAnswer & { channels: SlackChannel[]; response_metadata?: { next_cursor?: string } }>(
          credentials.accessToken,
          'conversations.list',
          { types: 'public_channel,private_channel', exclude_archived: true, limit: 200, cursor },
          { operation: 'profile.listChannels', read: true },
        );
        publicToo = (headers.get('x-oauth-scopes') ?? '').split(',').includes('chat:write.public');
        for (const channel of answer.channels) {
          if (channel.is_archived || !(channel.is_member || (publicToo && !channel.is_private))) continue;
          channels.push({ id: channel.id, name: `#${channel.name}`, username: channel.name, address: null, avatarUrl: null, webhook: null, metadata: null });
        }
        cursor = answer.response_metadata?.next_cursor || undefined;
      } while (cursor);
      return channels;
    },
  };
}
