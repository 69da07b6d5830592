import type { ActionsCapability } from '../../actions';
import { PlatformError } from '../../platform-error';
import { parseDiscordPermalink, type DiscordApi } from './discord-api';
import { channelWebhook, manageableChannel, type discordProfile } from './discord-profile';

/**
 * A webhook's messages are edited and deleted through the same webhook (the bot cannot edit them).
 * Replies in threads are the bot's own messages, but only their id reaches `editComment`, not their
 * channel, so comment edits and deletes are not offered.
 */
export function discordActions(api: DiscordApi, profile: ReturnType<typeof discordProfile>): ActionsCapability {
  async function webhookOf(accessToken: string, externalData: Record<string, string> | undefined, operation: string) {
    const channelId = externalData?.channelId ?? parseDiscordPermalink(externalData?.permalink)?.channelId;
    if (!channelId) {
      throw new PlatformError({
        code: 'NOT_FOUND',
        message: 'This Discord message has no channel on record',
        httpStatus: 404,
        meta: { platform: 'DISCORD', operation },
      });
    }
    const channel = await manageableChannel(api, profile, accessToken, channelId, operation);
    return { channel, webhook: await channelWebhook(api, channel.id, operation, { create: false }) };
  }

  return {
    async editPost(_env, credentials, _account, input) {
      const operation = 'actions.editPost';
      if (input.edit.text === undefined) {
        throw new PlatformError({
          code: 'INVALID_REQUEST',
          message: 'A Discord message edit changes its text',
          httpStatus: 400,
          meta: { platform: 'DISCORD', operation },
        });
      }
      const { channel, webhook } = await webhookOf(credentials.accessToken, input.externalData, operation);
      await api.withoutAuth(channel.id, {
        operation,
        method: 'PATCH',
        idempotent: true,
        path: `/webhooks/${webhook.id}/${webhook.token}/messages/${input.externalId}`,
        body: { content: input.edit.text },
      });
      return { permalink: input.externalData?.permalink ?? null };
    },
    async deletePost(_env, credentials, _account, input) {
      const operation = 'actions.deletePost';
      const { channel, webhook } = await webhookOf(credentials.accessToken, input.externalData, operation);
      await api.withoutAuth(channel.id, { operation, method: 'DELETE', path: `/webhooks/${webhook.id}/${webhook.token}/messages/${input.externalId}` });
    },
    editComment: null,
    deleteComment: null,
    lookups: {},
  };
}
