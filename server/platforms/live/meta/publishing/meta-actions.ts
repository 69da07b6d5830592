import type { ActionsCapability, PostEdit } from '../../../actions';
import { PlatformError } from '../../../platform-error';
import type { MetaConfig } from '../meta-config';
import { metaTokenKind } from '../meta-credentials';
import { metaActing, requireGranted } from '../reading/meta-acting';

type Network = 'FACEBOOK' | 'INSTAGRAM' | 'THREADS';

const refuse = (platform: Network, operation: string, text: string) =>
  new PlatformError({ code: 'INVALID_REQUEST', message: `${operation}: ${text}`, httpStatus: 400, userFacingMessage: text, meta: { platform, operation } });

/** An edit may change the text only (a Facebook video also its title): anything else is refused in words. */
function onlyText(platform: Network, operation: string, edit: PostEdit, allowTitle: boolean): void {
  const other = Object.entries(edit).find(([key, value]) => value !== undefined && key !== 'text' && !(allowTitle && key === 'title'));
  if (other) throw refuse(platform, operation, `Meta does not let SocialDesk change the ${other[0]} of a published post.`);
}

/**
 * Editing and deleting what is published, where Meta's APIs allow it (decision 074):
 * - Facebook Pages: a post's text (`POST /{post-id}` with `message`), a video's description and
 *   title, deleting either (`DELETE /{id}`); comments edited (`message`) and deleted;
 * - Instagram: captions cannot be edited through the API; media are deleted (`DELETE /{ig-media-id}`)
 *   for accounts connected through Facebook Login, the host Meta documents it on; comments deleted;
 * - Threads: posts and the account's replies deleted (`DELETE /{threads-media-id}`, which needs
 *   `threads_delete`); nothing is edited.
 * What a platform does not offer is null or a refusal in plain words, as for other connectors.
 */
export function metaActions(config: MetaConfig, platform: Network): ActionsCapability {
  const acting = metaActing(config, platform);

  const remove = async (credentials: Parameters<typeof acting>[0], account: Parameters<typeof acting>[1], id: string, operation: string) => {
    const who = await acting(credentials, account, operation);
    if (platform === 'THREADS') requireGranted(who, 'publish', operation, ['threads_delete']);
    else requireGranted(who, platform === 'INSTAGRAM' && operation.includes('Comment') ? 'comments' : 'publish', operation);
    await who.graph.call({ operation, path: `/${id}`, token: who.token, method: 'DELETE' });
  };

  if (platform === 'FACEBOOK') {
    return {
      async editPost(_env, credentials, account, input) {
        const operation = 'actions.editPost';
        const videoId = input.externalData?.videoId;
        onlyText(platform, operation, input.edit, !!videoId);
        const who = await acting(credentials, account, operation);
        const id = videoId ?? input.externalData?.postId ?? input.externalId;
        const form: Record<string, string> = videoId
          ? {
              ...(input.edit.text !== undefined ? { description: input.edit.text } : {}),
              ...(input.edit.title !== undefined ? { name: input.edit.title } : {}),
            }
          : input.edit.text !== undefined
            ? { message: input.edit.text }
            : {};
        if (Object.keys(form).length === 0) throw refuse(platform, operation, 'Nothing to change: give the new text.');
        await who.graph.call({ operation, path: `/${id}`, token: who.token, form });
        return { permalink: input.externalData?.permalink || null };
      },
      deletePost: (_env, credentials, account, input) =>
        remove(credentials, account, input.externalData?.videoId ?? input.externalData?.postId ?? input.externalId, 'actions.deletePost'),
      async editComment(_env, credentials, account, input) {
        const operation = 'actions.editComment';
        const who = await acting(credentials, account, operation);
        await who.graph.call({ operation, path: `/${input.externalId}`, token: who.token, form: { message: input.text } });
        return { permalink: null };
      },
      deleteComment: (_env, credentials, account, input) => remove(credentials, account, input.externalId, 'actions.deleteComment'),
      lookups: {},
    };
  }

  if (platform === 'INSTAGRAM') {
    return {
      // The Instagram API offers no caption edit (only `comment_enabled`).
      editPost: null,
      async deletePost(_env, credentials, account, input) {
        const operation = 'actions.deletePost';
        if (metaTokenKind(credentials) !== 'facebook') {
          throw refuse(platform, operation, 'Instagram lets apps delete posts only for accounts connected through Facebook; delete it in the Instagram app.');
        }
        await remove(credentials, account, input.externalId, operation);
      },
      editComment: null,
      deleteComment: (_env, credentials, account, input) => remove(credentials, account, input.externalId, 'actions.deleteComment'),
      lookups: {},
    };
  }

  return {
    editPost: null,
    deletePost: (_env, credentials, account, input) => remove(credentials, account, input.externalId, 'actions.deletePost'),
    editComment: null,
    deleteComment: (_env, credentials, account, input) => remove(credentials, account, input.externalId, 'actions.deleteComment'),
    lookups: {},
  };
}
