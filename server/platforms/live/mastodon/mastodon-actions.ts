import type { ActionsCapability } from '../../actions';
import type { Credentials } from '../../connector';
import type { MastodonApi } from './mastodon-api';
import type { MastodonStatus } from './mastodon-publishing';

/**
 * Edits (`PUT /api/v1/statuses/:id`, Mastodon 3.5+) replace the whole status: media left out of
 * the edit are removed. So an edit first reads the status (its media, sensitivity, language) and
 * its source (the plain text and content warning as written), and sends them back with the change.
 * Comments are statuses too: the same calls edit and delete them.
 */
export function mastodonActions(api: MastodonApi): ActionsCapability {
  async function edit(credentials: Credentials, id: string, change: { text?: string; spoilerText?: string }, operation: string) {
    const { body: current } = await api.asAccount<MastodonStatus>(credentials, { operation, path: `/api/v1/statuses/${id}` });
    const { body: source } = await api.asAccount<{ text: string; spoiler_text: string }>(credentials, { operation, path: `/api/v1/statuses/${id}/source` });
    const { body: edited } = await api.asAccount<MastodonStatus>(credentials, {
      operation,
      method: 'PUT',
      path: `/api/v1/statuses/${id}`,
      body: {
        status: change.text ?? source.text,
        spoiler_text: change.spoilerText ?? source.spoiler_text,
        sensitive: current.sensitive,
        ...(current.language ? { language: current.language } : {}),
        ...(current.media_attachments.length > 0 ? { media_ids: current.media_attachments.map((attachment) => attachment.id) } : {}),
      },
    });
    return { permalink: edited.url ?? edited.uri };
  }

  async function remove(credentials: Credentials, id: string, operation: string) {
    await api.asAccount(credentials, { operation, method: 'DELETE', path: `/api/v1/statuses/${id}` });
  }

  return {
    editPost: (_env, credentials, _account, input) =>
      edit(credentials, input.externalId, { text: input.edit.text, spoilerText: input.edit.spoilerText }, 'actions.editPost'),
    deletePost: (_env, credentials, _account, input) => remove(credentials, input.externalId, 'actions.deletePost'),
    editComment: (_env, credentials, _account, input) =>
      edit(credentials, input.externalId, { text: input.text, spoilerText: input.spoilerText }, 'actions.editComment'),
    deleteComment: (_env, credentials, _account, input) => remove(credentials, input.externalId, 'actions.deleteComment'),
    lookups: {},
  };
}
