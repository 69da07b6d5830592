import type { Credentials } from '../../../connector';
import { PlatformError } from '../../../platform-error';
import type { PlatformReview, PlatformReviewComment, ReviewPlace, ReviewsCapability } from '../../../reviews';
import type { MetaConfig } from '../meta-config';
import { type Acting, metaActing, notOffered, onePage } from './meta-acting';

type Rating = {
  created_time?: string;
  recommendation_type?: 'positive' | 'negative';
  review_text?: string;
  reviewer?: { id?: string; name?: string };
  open_graph_story?: { id?: string };
  rating?: number;
};
type StoryComment = {
  id: string;
  message?: string;
  created_time?: string;
  from?: { id?: string; name?: string };
  like_count?: number;
  comment_count?: number;
  parent?: { id?: string };
};

const RATING_FIELDS = 'created_time,recommendation_type,review_text,reviewer{id,name},open_graph_story{id},rating';
const COMMENT_FIELDS = 'id,message,created_time,from{id,name},like_count,comment_count,parent{id}';
/** Pages of recommendations read to find one by id: Meta has no `GET /{recommendation-id}`. */
const MAX_PAGES = 20;

/**
 * Facebook Page recommendations as reviews (decision 076), from `GET /{page-id}/ratings` with the
 * Page token (`pages_read_user_content`). A recommendation is identified by its `open_graph_story`,
 * and answering it is commenting on that story (`POST /{story-id}/comments`). Meta's reference
 * deprecates the Recommendation node from Graph API v22.0 ("error code 12"): with the pinned
 * version (v26.0) Meta refuses every read, which this reports in plain words; recommendations still
 * reach the inbox through the Page's `ratings` webhook. Search keywords are Google's only.
 */
export function facebookRecommendations(config: MetaConfig): ReviewsCapability {
  const acting = metaActing(config, 'FACEBOOK');
  const who = (credentials: Credentials, place: ReviewPlace, operation: string) =>
    acting(credentials, { externalId: place.externalId, selectedChannelId: place.externalId }, operation);

  /** Meta's code 12 (deprecated for this version) in words a person can act on. */
  async function reading<T>(operation: string, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      if (error instanceof PlatformError && error.meta.metaCode === 12) {
        const words = `Meta no longer lets apps read Page recommendations with Graph API ${config.graphVersion} (deprecated since v22.0); they still arrive through the Page's webhooks.`;
        throw new PlatformError({
          code: 'PERMANENT',
          message: `${operation}: ${words} Meta answered: ${error.message.replace(/^[\w.]+: /, '')}`,
          httpStatus: error.httpStatus,
          userFacingMessage: words,
          meta: { ...error.meta, operation },
        });
      }
      throw error;
    }
  }

  function present(rating: Rating, reply: StoryComment | null): PlatformReview {
    const created = new Date(rating.created_time ?? 0);
    const storyId = rating.open_graph_story?.id ?? '';
    return {
      externalId: storyId,
      openGraphStoryId: storyId,
      reviewerName: rating.reviewer?.name ?? null,
      reviewerPhotoUrl: null,
      rating: rating.rating ?? null,
      recommendationValue: rating.recommendation_type === 'positive' ? 'RECOMMEND' : rating.recommendation_type === 'negative' ? 'NOT_RECOMMEND' : 'UNKNOWN',
      comment: rating.review_text ?? null,
      hasMedia: false,
      mediaSummary: null,
      reply: reply
        ? {
            comment: reply.message ?? '',
            externalId: reply.id,
            updatedAt: new Date(reply.created_time ?? 0),
            state: 'APPROVED',
            policyViolation: null,
            url: `https://www.facebook.com/${storyId}?comment_id=${reply.id}`,
          }
        : null,
      createTime: created,
      updateTime: created,
    };
  }

  /** The Page's own top-level comment under the story: its reply. */
  async function replyOf(page: Acting, storyId: string, operation: string): Promise<StoryComment | null> {
    const comments = await page.graph.all<StoryComment>({ operation, path: `/${storyId}/comments`, token: page.token, query: { fields: COMMENT_FIELDS } });
    return comments.find((comment) => comment.from?.id === page.nodeId && !comment.parent?.id) ?? null;
  }

  async function find(page: Acting, storyId: string, operation: string): Promise<Rating> {
    let after: string | null = null;
    for (let index = 0; index < MAX_PAGES; index += 1) {
      const current: { items: Rating[]; after: string | null } = await reading(operation, () =>
        onePage<Rating>(page.graph, {
          operation,
          path: `/${page.nodeId}/ratings`,
          token: page.token,
          query: { fields: RATING_FIELDS, limit: '100', after: after ?? undefined },
        }),
      );
      const found = current.items.find((rating) => rating.open_graph_story?.id === storyId);
      if (found) return found;
      after = current.after;
      if (!after) break;
    }
    throw new PlatformError({
      code: 'NOT_FOUND',
      message: `${operation}: no recommendation ${storyId} on this Page`,
      httpStatus: 404,
      meta: { platform: 'FACEBOOK', operation },
    });
  }

  return {
    async list(_env, credentials, place, request) {
      const operation = 'reviews.list';
      const page = await who(credentials, place, operation);
      const current = await reading(operation, () =>
        onePage<Rating>(page.graph, {
          operation,
          path: `/${page.nodeId}/ratings`,
          token: page.token,
          query: { fields: RATING_FIELDS, limit: String(request.pageSize), after: request.pageToken ?? undefined },
        }),
      );
      const reviews: PlatformReview[] = [];
      for (const rating of current.items) reviews.push(present(rating, await replyOf(page, rating.open_graph_story?.id ?? '', operation)));
      return { reviews, nextPageToken: current.after };
    },
    async get(_env, credentials, place, review) {
      const operation = 'reviews.get';
      const page = await who(credentials, place, operation);
      const rating = await find(page, review.externalId, operation);
      return present(rating, await replyOf(page, review.externalId, operation));
    },
    async reply(_env, credentials, place, review, comment) {
      const operation = 'reviews.reply';
      const page = await who(credentials, place, operation);
      // The recommendation first: nothing is posted under a story Meta will not show us.
      const rating = await find(page, review.externalId, operation);
      const existing = await replyOf(page, review.externalId, operation);
      if (existing) {
        await page.graph.call({ operation, path: `/${existing.id}`, token: page.token, form: { message: comment } });
        return present(rating, { ...existing, message: comment });
      }
      const created = await page.graph.call<{ id: string }>({
        operation,
        path: `/${review.externalId}/comments`,
        token: page.token,
        form: { message: comment },
      });
      return present(rating, { id: created.id, message: comment, created_time: new Date().toISOString(), from: { id: page.nodeId } });
    },
    async deleteReply(_env, credentials, place, review) {
      const operation = 'reviews.deleteReply';
      const page = await who(credentials, place, operation);
      const rating = await find(page, review.externalId, operation);
      const existing = await replyOf(page, review.externalId, operation);
      if (!existing)
        throw new PlatformError({
          code: 'NOT_FOUND',
          message: `${operation}: the recommendation has no reply from the Page`,
          httpStatus: 404,
          meta: { platform: 'FACEBOOK', operation },
        });
      await page.graph.call({ operation, path: `/${existing.id}`, token: page.token, method: 'DELETE' });
      return present(rating, null);
    },
    async comments(_env, credentials, place, review) {
      const operation = 'reviews.comments';
      const page = await who(credentials, place, operation);
      await find(page, review.externalId, operation);
      const comments = await page.graph.all<StoryComment>({
        operation,
        path: `/${review.externalId}/comments`,
        token: page.token,
        query: { fields: COMMENT_FIELDS, filter: 'stream', order: 'chronological' },
      });
      return comments.map((comment): PlatformReviewComment => ({
        externalId: comment.id,
        externalParentId: comment.parent?.id ?? null,
        authorName: comment.from?.name ?? null,
        authorExternalId: comment.from?.id ?? null,
        authorAvatarUrl: null,
        text: comment.message ?? null,
        likesCount: comment.like_count ?? 0,
        repliesCount: comment.comment_count ?? 0,
        canReply: true,
        createdAt: new Date(comment.created_time ?? 0),
      }));
    },
    async replyToComment(_env, credentials, place, review, comment, text) {
      const operation = 'reviews.replyToComment';
      const page = await who(credentials, place, operation);
      await find(page, review.externalId, operation);
      const created = await page.graph.call<{ id: string }>({ operation, path: `/${comment.externalId}/comments`, token: page.token, form: { message: text } });
      return { externalId: created.id };
    },
    async searchKeywords() {
      throw notOffered('FACEBOOK', 'reviews.searchKeywords', 'Search keywords exist for Google Business locations only.');
    },
  };
}
