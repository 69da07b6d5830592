import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';
import type { ReviewFilters } from '../lib/list-search';
import { fetchMergedPage, startCursor, type FetchSource, type MergedCursor } from '../lib/merged-pages';
import { STAR_VALUES, type ReplyState, type ReviewItem } from '../lib/review-item';
import { reviewFeedKey } from './review-query-keys';

export type GoogleReview = ApiSchema<'Review'>;
export type Recommendation = ApiSchema<'Recommendation'>;

/** The API's largest page. */
const PAGE = 100;

const REPLY_STATES: Record<NonNullable<GoogleReview['reviewReplyState']>, ReplyState | null> = {
  REVIEW_REPLY_STATE_UNSPECIFIED: null,
  PENDING: 'PENDING',
  REJECTED: 'REJECTED',
  APPROVED: 'LIVE',
};

export function fromGoogleReview(review: GoogleReview): ReviewItem {
  return {
    id: review.id,
    source: 'GOOGLE_BUSINESS',
    reviewer: review.reviewerDisplayName ?? 'A Google user',
    avatarUrl: review.reviewerProfilePhotoUrl,
    rating: review.starRating ? STAR_VALUES[review.starRating] : null,
    recommends: null,
    text: review.comment,
    createdAt: review.createTime ?? review.createdAt,
    reply: review.reviewReplyComment
      ? {
          text: review.reviewReplyComment,
          updatedAt: review.reviewReplyUpdatedAt,
          state: review.reviewReplyState ? REPLY_STATES[review.reviewReplyState] : null,
          violation: review.reviewReplyPolicyViolation,
          url: review.reviewReplyUrl,
        }
      : null,
  };
}

export function fromRecommendation(recommendation: Recommendation): ReviewItem {
  return {
    id: recommendation.id,
    source: 'FACEBOOK',
    reviewer: recommendation.reviewerDisplayName ?? 'A Facebook user',
    avatarUrl: recommendation.reviewerProfilePhotoUrl,
    rating: recommendation.rating,
    recommends: recommendation.recommendationValue === 'RECOMMEND' ? true : recommendation.recommendationValue === 'NOT_RECOMMEND' ? false : null,
    text: recommendation.comment,
    createdAt: recommendation.createTime ?? recommendation.createdAt,
    // Facebook publishes a page's comment at once: there is no moderation to wait for.
    reply: recommendation.ownerReplyComment
      ? { text: recommendation.ownerReplyComment, updatedAt: recommendation.ownerReplyUpdatedAt, state: 'LIVE', violation: null, url: null }
      : null,
  };
}

function listQuery(teamId: string, filters: ReviewFilters, offset: number, limit: number) {
  return {
    teamId,
    offset,
    limit,
    q: filters.q,
    rating: filters.ratings?.join(','),
    replied: filters.replied === undefined ? undefined : (String(filters.replied) as 'true' | 'false'),
    from: filters.from,
    to: filters.to,
  };
}

function sources(teamId: string, filters: ReviewFilters): Record<string, FetchSource<ReviewItem>> {
  return {
    google: (offset, limit) =>
      ok(api.GET('/misc/google-business/reviews', { params: { query: listQuery(teamId, filters, offset, limit) } })).then((page) => ({
        items: page.reviews.map(fromGoogleReview),
        total: page.total,
      })),
    facebook: (offset, limit) =>
      ok(api.GET('/misc/facebook/recommendations', { params: { query: listQuery(teamId, filters, offset, limit) } })).then((page) => ({
        items: page.recommendations.map(fromRecommendation),
        total: page.total,
      })),
  };
}

/** Google Business reviews and Facebook recommendations of the team as one feed, newest first, a page at a time. */
export const reviewFeedQueryOptions = (teamId: string, filters: ReviewFilters) =>
  infiniteQueryOptions({
    queryKey: reviewFeedKey(teamId, filters),
    initialPageParam: startCursor<ReviewItem>(['google', 'facebook']) as MergedCursor<ReviewItem>,
    queryFn: ({ pageParam }) => fetchMergedPage(pageParam, sources(teamId, filters), PAGE, (item) => item.createdAt ?? ''),
    getNextPageParam: (last) => last.next ?? undefined,
  });

export function useReviewFeed(teamId: string, filters: ReviewFilters) {
  return useInfiniteQuery({ ...reviewFeedQueryOptions(teamId, filters), placeholderData: (previous) => previous });
}
