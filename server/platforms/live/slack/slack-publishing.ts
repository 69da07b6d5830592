import { setTimeout as sleep } from 'node:timers/promises';
import type { ConnectorEnv } from '../../connector';
import { PlatformError } from '../../platform-error';
import type { PublishingCapability, PublishMedia, PublishResult } from '../../publishing';
import { mediaBlob, mediaFileName } from '../shared/media-bytes';
import { parseSlackPermalink, type SlackAnswer, type SlackApi } from './slack-api';

// The message metadata event type that carries our intent key (https://api.slack.com/metadata).
export const INTENT_EVENT = 'socialdesk_publish';

type SlackMessage = { ts: string; thread_ts?: string; metadata?: { event_type?: string; event_payload?: { intent_key?: string } } };
type FileMessage = { initial_comment?: string; blocks?: unknown[] };
type FileShares = { shares?: { public?: Record<string, { ts: string }[]>; private?: Record<string, { ts: string }[]> } };

/**
 * Messages go out with `chat.postMessage` as the bot (the spec's `username` and `avatarUrl` need the
 * `chat:write.customize` scope), each tagged with message metadata that holds its intent key: after
 * a crash, `findByIntent` reads the channel's recent history (or the thread's replies) with that
 * metadata and finds what the attempt posted. Files go through Slack's external upload flow
 * (`files.getUploadURLExternal`, the bytes, `files.completeUploadExternal` into the channel with the
 * text as its comment, or the blocks when there is no text: that method takes one or the other and
 * no name or icon override, which the content rules refuse with files, and `publish` refuses again
 * for a post saved before they did); Slack shares them asynchronously, so the message's `ts` is read from the
 * file's shares once they appear. Such a message carries no metadata (the upload flow takes none),
 * so an interrupted post with files cannot be found again.
 */
export function slackPublishing(api: SlackApi): PublishingCapability {
  const wait = api.config.shareWait ?? { attempts: 15, intervalMs: 1_000 };

  async function permalinkOf(token: string, channel: string, ts: string, operation: string): Promise<string> {
    const { answer } = await api.call<SlackAnswer & { permalink: string }>(token, 'chat.getPermalink', { channel, message_ts: ts }, { operation, read: true });
    return answer.permalink;
  }

  async function uploadFiles(
    env: ConnectorEnv,
    token: string,
    channel: string,
    message: FileMessage,
    media: PublishMedia[],
    operation: string,
  ): Promise<string> {
    const files: { id: string; title: string }[] = [];
    for (const [index, medium] of media.entries()) {
      const bytes = await mediaBlob(env, medium, { platform: 'SLACK', operation });
      const filename = mediaFileName(medium, index);
      const { answer } = await api.call<SlackAnswer & { upload_url: string; file_id: string }>(
        token,
        'files.getUploadURLExternal',
        { filename, length: bytes.size },
        { operation, encoding: 'form' },
      );
      await api.upload(token, answer.upload_url, bytes, operation);
      files.push({ id: answer.file_id, title: filename });
    }
    await api.call(token, 'files.completeUploadExternal', { files, channel_id: channel, ...message }, { operation });
    for (let attempt = 0; attempt < wait.attempts; attempt++) {
      const { answer } = await api.call<SlackAnswer & { file: FileShares }>(token, 'files.info', { file: files[0]!.id }, { operation, read: true });
      const shares = answer.file.shares;
      const ts = (shares?.public?.[channel] ?? shares?.private?.[channel])?.[0]?.ts;
      if (ts) return ts;
      await sleep(wait.intervalMs);
    }
    // Shared, but Slack has not said where yet: the files are in the channel, the message id unknown.
    throw new PlatformError({
      code: 'PERMANENT',
      message: `${operation}: Slack took the files but did not report their message within ${Math.round((wait.attempts * wait.intervalMs) / 1000)} s`,
      httpStatus: 200,
      meta: { platform: 'SLACK', operation, fileIds: files.map((file) => file.id).join(',') },
    });
  }

  /** The message with this intent in the channel's recent history, or in one thread's replies. */
  async function findTagged(token: string, channel: string, intentKey: string, thread: string | null, operation: string): Promise<SlackMessage | null> {
    const { answer } = thread
      ? await api.call<SlackAnswer & { messages: SlackMessage[] }>(
          token,
          'conversations.replies',
          { channel, ts: thread, include_all_metadata: true, limit: 200 },
          { operation, read: true },
        )
      : await api.call<SlackAnswer & { messages: SlackMessage[] }>(
          token,
          'conversations.history',
          { channel, include_all_metadata: true, limit: 100 },
          { operation, read: true },
        );
    return answer.messages.find((message) => message.metadata?.event_type === INTENT_EVENT && message.metadata.event_payload?.intent_key === intentKey) ?? null;
  }

  function threadOf(parent: Record<string, string>, operation: string): { channel: string; threadTs: string } {
    const link = parseSlackPermalink(parent.permalink);
    const channel = parent.channelId ?? link?.channelId;
    const ts = parent.id ?? link?.ts;
    if (!channel || !ts) {
      throw new PlatformError({
        code: 'NOT_FOUND',
        message: 'The Slack message to reply to has no channel on record',
        httpStatus: 404,
        meta: { platform: 'SLACK', operation },
      });
    }
    // A reply to a reply goes into the same thread: Slack threads are one level deep.
    return { channel, threadTs: link?.threadTs ?? ts };
  }

  /** What `files.completeUploadExternal` can carry of the message: the text or the blocks, nothing else. */
  function fileMessage(text: string, options: Record<string, unknown>, operation: string): FileMessage {
    const blocks = Array.isArray(options.blocks) && options.blocks.length > 0 ? options.blocks : null;
    const refused = [options.username ? 'username' : null, options.avatarUrl ? 'avatarUrl' : null, text && blocks ? 'blocks with text' : null].filter(Boolean);
    if (refused.length > 0) {
      throw new PlatformError({
        code: 'INVALID_REQUEST',
        message: `Slack's file upload takes no ${refused.join(', ')}: remove the files or these options`,
        httpStatus: 400,
        meta: { platform: 'SLACK', operation },
      });
    }
    if (blocks) return { blocks };
    return text ? { initial_comment: text } : {};
  }

  const metadata = (intentKey: string) => ({ event_type: INTENT_EVENT, event_payload: { intent_key: intentKey } });

  return {
    async publish(env, credentials, target, request) {
      const operation = 'publishing.publish';
      const channel = request.channelId ?? target.selectedChannelId;
      if (!channel)
        throw new PlatformError({
          code: 'INVALID_REQUEST',
          message: 'Choose a Slack channel for this post',
          httpStatus: 400,
          meta: { platform: 'SLACK', operation },
        });
      const options = request.options;
      const text = typeof options.text === 'string' ? options.text : '';
      let ts: string;
      let postedIn = channel;
      if (request.media.length > 0) {
        ts = await uploadFiles(env, credentials.accessToken, channel, fileMessage(text, options, operation), request.media, operation);
      } else {
        const { answer } = await api.call<SlackAnswer & { ts: string; channel: string }>(
          credentials.accessToken,
          'chat.postMessage',
          {
            channel,
            text,
            ...(Array.isArray(options.blocks) && options.blocks.length > 0 ? { blocks: options.blocks } : {}),
            ...(typeof options.username === 'string' && options.username ? { username: options.username } : {}),
            ...(typeof options.avatarUrl === 'string' && options.avatarUrl ? { icon_url: options.avatarUrl } : {}),
            metadata: metadata(request.intentKey),
            unfurl_links: true,
          },
          { operation },
        );
        ts = answer.ts;
        postedIn = answer.channel;
      }
      return { externalData: { id: ts, permalink: await permalinkOf(credentials.accessToken, postedIn, ts, operation), channelId: postedIn } };
    },

    async findByIntent(_env, credentials, target, intentKey, where) {
      const operation = 'publishing.find';
      const parent = where?.parent;
      const thread = parent ? threadOf(parent, operation) : null;
      const channel = thread?.channel ?? where?.channelId ?? target.selectedChannelId;
      if (!channel) return null;
      const found = await findTagged(credentials.accessToken, channel, intentKey, thread?.threadTs ?? null, operation);
      if (!found) return null;
      const result: PublishResult = {
        externalData: { id: found.ts, permalink: await permalinkOf(credentials.accessToken, channel, found.ts, operation), channelId: channel },
      };
      return result;
    },

    async comment(_env, credentials, _target, request) {
      const operation = 'publishing.comment';
      const { channel, threadTs } = threadOf(request.externalData, operation);
      // Slack keeps no idempotency key: a repeated first comment looks for its own reply first.
      const earlier = await findTagged(credentials.accessToken, channel, request.intentKey, threadTs, operation);
      let ts = earlier?.ts;
      if (!ts) {
        const { answer } = await api.call<SlackAnswer & { ts: string }>(
          credentials.accessToken,
          'chat.postMessage',
          { channel, thread_ts: threadTs, text: request.text, metadata: metadata(request.intentKey) },
          { operation },
        );
        ts = answer.ts;
      }
      return { id: ts, permalink: await permalinkOf(credentials.accessToken, channel, ts, operation) };
    },
  };
}
