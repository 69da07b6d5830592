import type { ActionsCapability } from '../../actions';
import { PlatformError } from '../../platform-error';
import { parseSlackPermalink, type SlackAnswer, type SlackApi } from './slack-api';

/**
 * `chat.update` and `chat.delete` need the channel with the message's `ts`: both are in what
 * publishing answered. Comments reach `editComment` by id alone, so they are not offered here.
 */
export function slackActions(api: SlackApi): ActionsCapability {
  function channelOf(externalData: Record<string, string> | undefined, operation: string): string {
    const channel = externalData?.channelId ?? parseSlackPermalink(externalData?.permalink)?.channelId;
    if (!channel)
      throw new PlatformError({
        code: 'NOT_FOUND',
        message: 'This Slack message has no channel on record',
        httpStatus: 404,
        meta: { platform: 'SLACK', operation },
      });
    return channel;
  }

  return {
    async editPost(_env, credentials, _account, input) {
      const operation = 'actions.editPost';
      if (input.edit.text === undefined) {
        throw new PlatformError({
          code: 'INVALID_REQUEST',
          message: 'A Slack message edit changes its text',
          httpStatus: 400,
          meta: { platform: 'SLACK', operation },
        });
      }
      const channel = channelOf(input.externalData, operation);
      await api.call<SlackAnswer>(credentials.accessToken, 'chat.update', { channel, ts: input.externalId, text: input.edit.text }, { operation });
      return { permalink: input.externalData?.permalink ?? null };
    },
    async deletePost(_env, credentials, _account, input) {
      const operation = 'actions.deletePost';
      await api.call<SlackAnswer>(
        credentials.accessToken,
        'chat.delete',
        { channel: channelOf(input.externalData, operation), ts: input.externalId },
        { operation },
      );
    },
    editComment: null,
    deleteComment: null,
    lookups: {},
  };
}
