import { z } from 'zod';
import type { InboundEvent } from '../../../connector';

/**
 * A Page's `changes` (https://developers.facebook.com/docs/graph-api/webhooks/reference/page):
 * `feed` (comments on the Page's posts: added, edited, removed; reactions) and `ratings`
 * (recommendations). `created_time` is in seconds.
 */
const FeedValue = z
  .object({
    item: z.string(),
    verb: z.string(),
    post_id: z.string().optional(),
    comment_id: z.string().optional(),
    parent_id: z.string().optional(),
    message: z.string().optional(),
    created_time: z.number().optional(),
    from: z.object({ id: z.string(), name: z.string().optional() }).passthrough().optional(),
  })
  .passthrough();

const RatingValue = z
  .object({
    item: z.string(),
    verb: z.string(),
    open_graph_story_id: z.string().optional(),
    review_id: z.string().optional(),
    reviewer_id: z.string().optional(),
    reviewer_name: z.string().optional(),
    recommendation_type: z.enum(['positive', 'negative']).optional(),
    review_text: z.string().optional(),
    rating: z.number().int().optional(),
    created_time: z.number().optional(),
  })
  .passthrough();

export const PageChange = z.object({ field: z.string(), value: z.unknown() }).passthrough();

export function pageChangeEvents(change: z.infer<typeof PageChange>, pageId: string, time: number): InboundEvent[] {
  if (change.field === 'feed') return feedEvents(change.value, pageId, time);
  if (change.field === 'ratings') return ratingEvents(change.value, pageId, time);
  return [];
}

/**
 * Comments on the Page's posts. A reply names its parent comment (`parent_id` is the post for a
 * top-level comment). Reactions on posts have no inbound kind: their counts are read by insights.
 */
function feedEvents(raw: unknown, pageId: string, time: number): InboundEvent[] {
  const parsed = FeedValue.safeParse(raw);
  if (!parsed.success || parsed.data.item !== 'comment' || !parsed.data.comment_id || !parsed.data.post_id) return [];
  const value = parsed.data;
  const commentId = value.comment_id!;
  const at = new Date(value.created_time ? value.created_time * 1000 : time);
  const base = { recipientExternalId: pageId, occurredAt: at };
  const parentCommentId = value.parent_id && value.parent_id !== value.post_id ? value.parent_id : null;
  switch (value.verb) {
    case 'add':
      return [
        {
          ...base,
          kind: 'comment.created',
          externalEventId: `comment:${commentId}`,
          data: {
            commentId,
            postId: value.post_id,
            parentCommentId,
            text: value.message ?? null,
            author: value.from ? { id: value.from.id, name: value.from.name ?? null, username: null } : undefined,
            createdAt: at.toISOString(),
          },
        },
      ];
    case 'edited':
      return [
        {
          ...base,
          kind: 'comment.updated',
          externalEventId: `comment:${commentId}:edited:${time}`,
          data: { commentId, postId: value.post_id, text: value.message ?? null, editedAt: new Date(time).toISOString() },
        },
      ];
    case 'remove':
      return [{ ...base, kind: 'comment.deleted', externalEventId: `comment:${commentId}:removed`, data: { commentId, postId: value.post_id } }];
    default:
      // hide/unhide are the Page's own moderation, recorded when it acts through the service.
      return [];
  }
}

/** Recommendations: Facebook has no stars any more, a recommendation is positive or negative. */
function ratingEvents(raw: unknown, pageId: string, time: number): InboundEvent[] {
  const parsed = RatingValue.safeParse(raw);
  if (!parsed.success || parsed.data.item !== 'rating') return [];
  const value = parsed.data;
  const reviewId = value.open_graph_story_id ?? value.review_id ?? (value.reviewer_id ? `${pageId}_${value.reviewer_id}` : null);
  if (!reviewId || value.verb === 'remove') return [];
  const created = value.created_time ? new Date(value.created_time * 1000) : new Date(time);
  return [
    {
      kind: value.verb === 'add' ? 'review.created' : 'review.updated',
      externalEventId: value.verb === 'add' ? `rating:${reviewId}:created` : `rating:${reviewId}:${value.verb}:${time}`,
      recipientExternalId: pageId,
      occurredAt: new Date(time),
      data: {
        reviewId,
        rating: value.rating ?? null,
        recommendationValue: value.recommendation_type === 'positive' ? 'RECOMMEND' : value.recommendation_type === 'negative' ? 'NOT_RECOMMEND' : 'UNKNOWN',
        comment: value.review_text ?? null,
        reviewer: { displayName: value.reviewer_name ?? null, photoUrl: null },
        createTime: created.toISOString(),
        updateTime: new Date(time).toISOString(),
      },
    },
  ];
}
