import type { PublishingCapability } from '../../publishing';
import { PlatformError } from '../../platform-error';
import { intentDigest } from '../shared/account-key';
import { mediaBlob, mediaFileName } from '../shared/media-bytes';
import { discordPermalink, parseDiscordPermalink, THREAD_ALREADY_CREATED, type DiscordApi } from './discord-api';
import { channelWebhook, manageableChannel, type discordProfile } from './discord-profile';

type DiscordMessage = { id: string; channel_id: string };

/**
 * Posts go through the bot's webhook of the chosen channel, which is what lets a post carry its own
 * `username` and `avatarUrl` (Discord allows those overrides on webhooks only). `?wait=true` makes
 * Discord answer with the message, so we get its id and permalink. First comments are replies in a
 * thread started on the message, sent by the bot with a `nonce` and `enforce_nonce`: a repeat with
 * the same intent within Discord's window returns the first reply instead of a second one.
 */
export function discordPublishing(api: DiscordApi, profile: ReturnType<typeof discordProfile>): PublishingCapability {
  return {
    async publish(env, credentials, target, request) {
      const operation = 'publishing.publish';
      const channelId = request.channelId ?? target.selectedChannelId;
      if (!channelId) {
        throw new PlatformError({
          code: 'INVALID_REQUEST',
          message: 'Choose a Discord channel for this post',
          httpStatus: 400,
          meta: { platform: 'DISCORD', operation },
        });
      }
      const channel = await manageableChannel(api, profile, credentials.accessToken, channelId, operation);
      const webhook = await channelWebhook(api, channel.id, operation, { create: true });
      const options = request.options;
      const payload: Record<string, unknown> = {
        content: typeof options.text === 'string' ? options.text : '',
        ...(typeof options.username === 'string' && options.username ? { username: options.username } : {}),
        ...(typeof options.avatarUrl === 'string' && options.avatarUrl ? { avatar_url: options.avatarUrl } : {}),
        ...(Array.isArray(options.embeds) && options.embeds.length > 0 ? { embeds: options.embeds } : {}),
      };
      let body: unknown = payload;
      if (request.media.length > 0) {
        // Files go as multipart: `payload_json` plus `files[n]`, each described in `attachments`.
        const form = new FormData();
        form.set(
          'payload_json',
          JSON.stringify({ ...payload, attachments: request.media.map((medium, index) => ({ id: index, filename: mediaFileName(medium, index) })) }),
        );
        for (const [index, medium] of request.media.entries()) {
          form.set(`files[${index}]`, await mediaBlob(env, medium, { platform: 'DISCORD', operation }), mediaFileName(medium, index));
        }
        body = form;
      }
      const message = await api.withoutAuth<DiscordMessage>(channel.id, {
        operation,
        method: 'POST',
        path: `/webhooks/${webhook.id}/${webhook.token}?wait=true`,
        body,
      });
      return { externalData: { id: message.id, permalink: discordPermalink(channel.guildId, message.channel_id, message.id), channelId: message.channel_id } };
    },

    /**
     * Webhook messages carry no nonce and Discord has no lookup by one, so what an interrupted post
     * published cannot be found: a crash between Discord's answer and our commit can post twice.
     * Replies need no lookup: repeating one with its intent returns the first (see above).
     */
    async findByIntent() {
      return null;
    },

    async comment(_env, credentials, _target, request) {
      const operation = 'publishing.comment';
      const parent = request.externalData;
      const link = parseDiscordPermalink(parent.permalink);
      const parentId = parent.id ?? link?.messageId;
      if (!parentId || !link) {
        throw new PlatformError({
          code: 'NOT_FOUND',
          message: 'The Discord message to reply to has no permalink to find its channel by',
          httpStatus: 404,
          meta: { platform: 'DISCORD', operation },
        });
      }
      // A post (it has a channelId) gets a thread started on it; a reply goes into its thread.
      let threadId = link.channelId;
      if (parent.channelId) {
        await manageableChannel(api, profile, credentials.accessToken, parent.channelId, operation);
        threadId = await api
          .asBot<{ id: string }>(parent.channelId, {
            operation,
            method: 'POST',
            path: `/channels/${parent.channelId}/messages/${parentId}/threads`,
            body: { name: 'Comments', auto_archive_duration: 10080 },
          })
          .then((thread) => thread.id)
          .catch((error: unknown) => {
            // An earlier attempt started it already; a thread on a message has the message's id.
            if (error instanceof PlatformError && error.meta.discordCode === THREAD_ALREADY_CREATED) return parentId;
            throw error;
          });
      }
      const message = await api.asBot<DiscordMessage>(threadId, {
        operation,
        method: 'POST',
        path: `/channels/${threadId}/messages`,
        body: {
          content: request.text,
          nonce: intentDigest(request.intentKey, 25),
          enforce_nonce: true,
          ...(parent.channelId ? {} : { message_reference: { message_id: parentId, fail_if_not_exists: false } }),
        },
      });
      return { id: message.id, permalink: discordPermalink(link.guildId, threadId, message.id) };
    },
  };
}
