import { z } from 'zod';
import type { InboundEvent } from '../../../connector';

/**
 * Instagram's `changes` (https://developers.facebook.com/docs/instagram-platform/webhooks/examples):
 * `comments` and `live_comments` (a new comment on the account's media, with its author and media),
 * and `mentions` (the account @mentioned in a comment or caption on someone else's media).
 */
const CommentValue = z
  .object({
    id: z.string(),
    text: z.string().optional(),
    from: z.object({ id: z.string(), username: z.string().optional() }).passthrough().optional(),
    media: z.object({ id: z.string(), media_product_type: z.string().optional() }).passthrough(),
    parent_id: z.string().optional(),
  })
  .passthrough();

const MentionValue = z.object({ media_id: z.string(), comment_id: z.string().optional() }).passthrough();

export const InstagramChange = z.object({ field: z.string(), value: z.unknown() }).passthrough();

/**
 * The events of one change. A comment is `comment.created` with the id a poll of the media's
 * comments would give (`comment:<id>`); the comments domain keeps it when it is on a post the
 * service published. A mention is the same kind on the other account's media, kept as an event.
 */
export function instagramChangeEvents(change: z.infer<typeof InstagramChange>, accountId: string, time: number): InboundEvent[] {
  const occurredAt = new Date(time);
  if (change.field === 'comments' || change.field === 'live_comments') {
    const value = CommentValue.safeParse(change.value);
    if (!value.success) return [];
    const comment = value.data;
    return [
      {
        kind: 'comment.created',
        externalEventId: `comment:${comment.id}`,
        recipientExternalId: accountId,
        occurredAt,
        data: {
          commentId: comment.id,
          postId: comment.media.id,
          parentCommentId: comment.parent_id ?? null,
          text: comment.text ?? null,
          author: comment.from ? { id: comment.from.id, username: comment.from.username ?? null, name: null } : undefined,
          createdAt: occurredAt.toISOString(),
          ...(change.field === 'live_comments' ? { live: true } : {}),
        },
      },
    ];
  }
  if (change.field === 'mentions') {
    const value = MentionValue.safeParse(change.value);
    if (!value.success) return [];
    const id = value.data.comment_id ?? value.data.media_id;
    return [
      {
        kind: 'comment.created',
        externalEventId: `mention:${id}`,
        recipientExternalId: accountId,
        occurredAt,
        data: { commentId: id, postId: value.data.media_id, mention: true, createdAt: occurredAt.toISOString() },
      },
    ];
  }
  return [];
}
