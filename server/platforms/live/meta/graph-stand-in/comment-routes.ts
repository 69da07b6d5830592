import { json, type LocalReceiver } from '../../test-kit/local-receiver';
import { type Caller, instagramScope, invalidParameter, iso, lacking, paged, readingRoute, unsupported } from './engagement-rules';
import type { StandInComment, StandInMedia } from './engagement-world';
import { fieldsOf, graphError, pick } from './graph-rules';
import type { MetaWorld } from './stand-in-world';

/*
 * Comments as each product documents them:
 * - Instagram (https://developers.facebook.com/docs/instagram-platform/reference/instagram-media/comments,
 *   .../instagram-comment): `/{media-id}/comments` (top level), `/{comment-id}/replies`, hide with
 *   `POST /{comment-id}?hide=`, `DELETE /{comment-id}`; no likes through the API.
 * - Facebook (https://developers.facebook.com/docs/graph-api/reference/object/comments, /comment):
 *   `/{object-id}/comments` with `filter=stream` for every level, `POST /{comment-id}?is_hidden=`,
 *   `DELETE /{comment-id}`, `POST|DELETE /{comment-id}/likes`.
 * - Threads (https://developers.facebook.com/docs/threads/retrieve-and-manage-replies):
 *   `/{media-id}/conversation` (every level), `/{media-id}/replies`, `POST /{reply-id}/manage_reply?hide=`,
 *   `DELETE /{reply-id}` (own replies, `threads_delete`).
 */
const bool = (value: string | null) => (value === 'true' ? true : value === 'false' ? false : null);

export function commentRoutes(
  hosts: { facebook: LocalReceiver; instagram: LocalReceiver; threads: LocalReceiver },
  world: MetaWorld,
  version: string,
  threadsVersion: string,
) {
  const { engagement } = world;
  const isComment = (id: string) => engagement.comments.has(id);

  /** The comment and the media it is under, if the caller published that media. */
  function ownComment(caller: Caller, id: string): { comment: StandInComment; media: StandInMedia } | Response {
    const comment = engagement.comments.get(id);
    const media = comment ? engagement.media.get(comment.objectId) : undefined;
    return comment && media && caller.selves.includes(media.ownerId) ? { comment, media } : unsupported(id);
  }

  function instagramComment(caller: Caller, comment: StandInComment, fields: string[], withReplies: boolean) {
    const object: Record<string, unknown> = {
      id: comment.id,
      text: comment.text,
      timestamp: iso(comment.timestamp),
      username: comment.fromName,
      from: { id: comment.fromId, username: comment.fromName },
      like_count: comment.likeCount,
      hidden: comment.hidden,
      media: { id: comment.objectId },
      ...(comment.parentId ? { parent_id: comment.parentId } : {}),
    };
    if (withReplies && fields.includes('replies')) {
      const replies = engagement.repliesOf(comment.id);
      const first = replies.slice(0, engagement.pageSize);
      object.replies = {
        data: first.map((reply) => instagramComment(caller, reply, fields, false)),
        ...(replies.length > first.length
          ? { paging: { cursors: { after: Buffer.from(String(first.length)).toString('base64url') }, next: `${comment.id}/replies` } }
          : {}),
      };
    }
    return pick(object, fields);
  }

  function facebookComment(caller: Caller, comment: StandInComment, media: StandInMedia, fields: string[]) {
    const own = comment.fromId === media.ownerId;
    return pick(
      {
        id: comment.id,
        message: comment.text,
        created_time: iso(comment.timestamp),
        from: { id: comment.fromId, name: comment.fromName, picture: { data: { url: `https://scontent.example/${comment.fromId}.jpg` } } },
        like_count: comment.likeCount + (comment.likedByPage ? 1 : 0),
        comment_count: engagement.repliesOf(comment.id).length,
        is_hidden: comment.hidden,
        can_hide: !own,
        user_likes: comment.likedByPage,
        permalink_url: `https://www.facebook.com/${media.id}?comment_id=${comment.id}`,
        object: { id: media.id },
        ...(comment.parentId ? { parent: { id: comment.parentId } } : {}),
      },
      fields,
    );
  }

  function threadsReply(caller: Caller, comment: StandInComment, media: StandInMedia, fields: string[]) {
    return pick(
      {
        id: comment.id,
        text: comment.text,
        timestamp: iso(comment.timestamp),
        username: comment.fromName,
        permalink: `https://www.threads.com/post/${comment.id}`,
        hide_status: comment.hidden ? 'HIDDEN' : 'NOT_HUSHED',
        has_replies: engagement.repliesOf(comment.id).length > 0,
        is_reply: true,
        root_post: { id: media.id },
        replied_to: { id: comment.parentId ?? media.id },
        is_reply_owned_by_me: caller.selves.includes(comment.fromId),
      },
      fields,
    );
  }

  for (const [product, host] of [
    ['facebook', hosts.facebook],
    ['instagram', hosts.instagram],
  ] as const) {
    const base = (path: string) => `${host.url}/${version}/${path}`;

    readingRoute(
      host,
      world,
      product,
      version,
      'GET /:id/comments',
      (caller) => {
        const fields = fieldsOf(caller.params, ['id', 'text', 'timestamp']);
        const parent = engagement.comments.get(caller.id);
        const media = engagement.media.get(parent?.objectId ?? caller.id);
        if (!media || !caller.selves.includes(media.ownerId)) return unsupported(caller.id);
        if (media.product === 'instagram') {
          if (parent) return unsupported(caller.id);
          const denied = lacking(caller, [instagramScope(caller, 'basic'), instagramScope(caller, 'comments')]);
          if (denied) return denied;
          const top = engagement.commentsOf(media.id, true).reverse();
          return paged(
            top.map((comment) => instagramComment(caller, comment, fields, true)),
            caller,
            base(`${media.id}/comments`),
          );
        }
        if (product !== 'facebook') return unsupported(caller.id);
        const denied = lacking(caller, ['pages_read_engagement', 'pages_read_user_content']);
        if (denied) return denied;
        const filter = caller.params.get('filter') ?? 'toplevel';
        const order = caller.params.get('order') ?? 'chronological';
        if (!['toplevel', 'stream'].includes(filter)) return invalidParameter('filter must be one of the following values: toplevel, stream');
        if (!['chronological', 'reverse_chronological'].includes(order))
          return invalidParameter('order must be one of the following values: chronological, reverse_chronological');
        let items = parent ? engagement.repliesOf(parent.id) : filter === 'stream' ? engagement.commentsOf(media.id) : engagement.commentsOf(media.id, true);
        if (order === 'reverse_chronological') items = [...items].reverse();
        return paged(
          items.map((comment) => facebookComment(caller, comment, media, fields)),
          caller,
          base(`${caller.id}/comments`),
        );
      },
      (id) => isComment(id) || engagement.media.has(id),
    );

    readingRoute(host, world, product, version, 'GET /:id/replies', (caller) => {
      const owned = ownComment(caller, caller.id);
      if (owned instanceof Response) return owned;
      if (owned.media.product !== 'instagram') return unsupported(caller.id);
      const denied = lacking(caller, [instagramScope(caller, 'basic'), instagramScope(caller, 'comments')]);
      if (denied) return denied;
      const fields = fieldsOf(caller.params, ['id', 'text', 'timestamp']);
      return paged(
        engagement.repliesOf(caller.id).map((reply) => instagramComment(caller, reply, fields, false)),
        caller,
        base(`${caller.id}/replies`),
      );
    });

    readingRoute(
      host,
      world,
      product,
      version,
      'GET /:id',
      (caller) => {
        const owned = ownComment(caller, caller.id);
        if (owned instanceof Response) return owned;
        const fields = fieldsOf(caller.params, ['id', 'text', 'timestamp']);
        if (owned.media.product === 'instagram')
          return lacking(caller, [instagramScope(caller, 'comments')]) ?? json(instagramComment(caller, owned.comment, fields, true));
        return lacking(caller, ['pages_read_engagement', 'pages_read_user_content']) ?? json(facebookComment(caller, owned.comment, owned.media, fields));
      },
      isComment,
    );

    // Hide or unhide: Instagram's `hide`, Facebook's `is_hidden`. Neither hides the account's own comments.
    readingRoute(
      host,
      world,
      product,
      version,
      'POST /:id',
      (caller) => {
        const owned = ownComment(caller, caller.id);
        if (owned instanceof Response) return owned;
        const instagram = owned.media.product === 'instagram';
        const denied = lacking(caller, [instagram ? instagramScope(caller, 'comments') : 'pages_manage_engagement']);
        if (denied) return denied;
        const hide = bool(caller.params.get(instagram ? 'hide' : 'is_hidden'));
        if (hide === null) return invalidParameter(`The parameter ${instagram ? 'hide' : 'is_hidden'} is required (true or false)`);
        if (owned.comment.fromId === owned.media.ownerId) return invalidParameter('The comment of the media owner cannot be hidden');
        owned.comment.hidden = hide;
        return json({ success: true });
      },
      isComment,
    );

    readingRoute(
      host,
      world,
      product,
      version,
      'DELETE /:id',
      (caller) => {
        const owned = ownComment(caller, caller.id);
        if (owned instanceof Response) return owned;
        const denied = lacking(caller, [owned.media.product === 'instagram' ? instagramScope(caller, 'comments') : 'pages_manage_engagement']);
        if (denied) return denied;
        engagement.deleteComment(caller.id);
        return json({ success: true });
      },
      isComment,
    );
  }

  // A Page likes or unlikes a comment on its posts.
  for (const method of ['POST', 'DELETE'] as const) {
    readingRoute(hosts.facebook, world, 'facebook', version, `${method} /:id/likes`, (caller) => {
      const owned = ownComment(caller, caller.id);
      if (owned instanceof Response || owned.media.product !== 'facebook') return unsupported(caller.id);
      const denied = lacking(caller, ['pages_manage_engagement']);
      if (denied) return denied;
      owned.comment.likedByPage = method === 'POST';
      return json({ success: true });
    });
  }

  const ownThreads = (caller: Caller): StandInMedia | Response => {
    const media = engagement.media.get(caller.id);
    return media?.product === 'threads' && caller.selves.includes(media.ownerId) ? media : unsupported(caller.id);
  };
  for (const edge of ['conversation', 'replies'] as const) {
    readingRoute(hosts.threads, world, 'threads', threadsVersion, `GET /:id/${edge}`, (caller) => {
      const media = ownThreads(caller);
      if (media instanceof Response) return media;
      const denied = lacking(caller, ['threads_basic', 'threads_read_replies']);
      if (denied) return denied;
      const reverse = caller.params.get('reverse') ?? 'true';
      if (!['true', 'false'].includes(reverse)) return invalidParameter('reverse must be true or false');
      const all = engagement.commentsOf(media.id, edge === 'replies');
      const ordered = reverse === 'true' ? [...all].reverse() : all;
      const fields = fieldsOf(caller.params, ['id', 'text', 'timestamp']);
      return paged(
        ordered.map((reply) => threadsReply(caller, reply, media, fields)),
        caller,
        `${hosts.threads.url}/${threadsVersion}/${media.id}/${edge}`,
      );
    });
  }

  readingRoute(hosts.threads, world, 'threads', threadsVersion, 'POST /:id/manage_reply', (caller) => {
    const owned = ownComment(caller, caller.id);
    if (owned instanceof Response) return owned;
    const denied = lacking(caller, ['threads_basic', 'threads_manage_replies']);
    if (denied) return denied;
    const hide = bool(caller.params.get('hide'));
    if (hide === null) return invalidParameter('The parameter hide is required (true or false)');
    if (caller.selves.includes(owned.comment.fromId)) return invalidParameter('You cannot hide your own reply');
    owned.comment.hidden = hide;
    return json({ success: true });
  });

  readingRoute(
    hosts.threads,
    world,
    'threads',
    threadsVersion,
    'GET /:id',
    (caller) => {
      const owned = ownComment(caller, caller.id);
      if (owned instanceof Response) return owned;
      return (
        lacking(caller, ['threads_basic', 'threads_read_replies']) ?? json(threadsReply(caller, owned.comment, owned.media, fieldsOf(caller.params, ['id'])))
      );
    },
    isComment,
  );

  readingRoute(
    hosts.threads,
    world,
    'threads',
    threadsVersion,
    'DELETE /:id',
    (caller) => {
      const owned = ownComment(caller, caller.id);
      if (owned instanceof Response) return owned;
      const denied = lacking(caller, ['threads_basic', 'threads_delete']);
      if (denied) return denied;
      if (!caller.selves.includes(owned.comment.fromId)) {
        return graphError({ message: '(#200) You can only delete your own posts and replies', type: 'OAuthException', code: 200 });
      }
      engagement.deleteComment(caller.id);
      return json({ success: true });
    },
    isComment,
  );
}
