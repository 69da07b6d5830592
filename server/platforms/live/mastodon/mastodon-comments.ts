import { COMMENT_ACTION_RULES, type CommentsCapability, type PlatformComment } from '../../comments';
import type { Credentials } from '../../connector';
import { PlatformError } from '../../platform-error';
import { htmlToText, type MastodonApi } from './mastodon-api';
import type { MastodonStatus } from './mastodon-publishing';

type MastodonAuthor = { id: string; username: string; acct: string; display_name: string; avatar: string; url: string };
type CommentStatus = MastodonStatus & { account: MastodonAuthor; favourited?: boolean; edited_at?: string | null };
type Context = { descendants: CommentStatus[] };

/**
 * Replies to a status are statuses (`GET /api/v1/statuses/:id/context`, its `descendants`: the
 * whole tree below it, in thread order, unpaged; a server answers up to 4,096 to a signed-in
 * account). Mastodon lets an account favourite (like) any status and delete only its own; there is
 * nothing to hide or moderate.
 */
export function mastodonComments(api: MastodonApi): CommentsCapability {
  const rules = COMMENT_ACTION_RULES.MASTODON!;
  const refuse = (code: 'INVALID_REQUEST' | 'PERMISSION_MISSING', message: string, httpStatus: number) =>
    new PlatformError({ code, message, httpStatus, meta: { platform: 'MASTODON', operation: 'comments.act' } });

  async function ownId(credentials: Credentials, accountId: string | null, operation: string): Promise<string> {
    if (accountId) return accountId;
    const { body } = await api.asAccount<{ id: string }>(credentials, { operation, path: '/api/v1/accounts/verify_credentials' });
    return body.id;
  }

  return {
    async list(_env, credentials, target, post) {
      const operation = 'comments.list';
      const own = await ownId(credentials, target.externalId, operation);
      const { body } = await api.asAccount<Context>(credentials, { operation, path: `/api/v1/statuses/${post.externalId}/context` });
      return body.descendants.map((status) => comment(status, post.externalId, own)).sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
    },

    async act(_env, credentials, target, item, action) {
      const operation = 'comments.act';
      if (!rules.actions.includes(action)) throw refuse('INVALID_REQUEST', `Mastodon does not allow ${action} on comments`, 400);
      const own = await ownId(credentials, target.externalId, operation);
      const postId = item.externalPostId;
      if (!postId) throw refuse('INVALID_REQUEST', `The post of Mastodon comment ${item.externalId} is not known: import the post's comments again`, 400);
      if (action === 'DELETE') {
        const { body: current } = await api.asAccount<CommentStatus>(credentials, { operation, path: `/api/v1/statuses/${item.externalId}` });
        // The server would answer someone else's status with a 404, which reads as "gone": say why instead.
        if (current.account.id !== own) throw refuse('PERMISSION_MISSING', 'Mastodon lets an account delete only its own comments', 403);
        await api.asAccount(credentials, { operation, method: 'DELETE', path: `/api/v1/statuses/${item.externalId}` });
        return { ...comment(current, postId, own), text: null, deletedAt: new Date() };
      }
      const verb = action === 'LIKE' ? 'favourite' : 'unfavourite';
      const { body: updated } = await api.asAccount<CommentStatus>(credentials, {
        operation,
        method: 'POST',
        path: `/api/v1/statuses/${item.externalId}/${verb}`,
      });
      return comment(updated, postId, own);
    },
  };
}

function comment(status: CommentStatus, postId: string, ownId: string): PlatformComment {
  const author = status.account;
  return {
    externalId: status.id,
    // Direct replies to the post have no parent comment.
    externalParentId: status.in_reply_to_id && status.in_reply_to_id !== postId ? status.in_reply_to_id : null,
    externalPostId: postId,
    authorExternalId: author.id,
    authorName: author.display_name || author.username,
    // `acct` is `name@server` for people on other servers, `name` for the account's own server.
    authorUsername: author.acct,
    authorProfileUrl: author.url,
    authorAvatarUrl: author.avatar,
    text: htmlToText(status.content),
    likesCount: status.favourites_count,
    repliesCount: status.replies_count,
    hidden: false,
    likedByMe: status.favourited ?? false,
    owner: author.id === ownId,
    moderationStatus: null,
    publishedAt: new Date(status.created_at),
    editedAt: status.edited_at ? new Date(status.edited_at) : null,
    deletedAt: null,
  };
}
