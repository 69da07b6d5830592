import type { Credentials } from '../../connector';
import { PlatformError } from '../../platform-error';
import type { PlatformReview, ReviewPlace, ReviewsCapability } from '../../reviews';
import { GbpApi } from './gbp-api';

/** Google's Review (v4 `accounts.locations.reviews`). */
export type GoogleReview = {
  name: string;
  reviewId: string;
  reviewer?: { displayName?: string; profilePhotoUrl?: string; isAnonymous?: boolean };
  starRating?: 'STAR_RATING_UNSPECIFIED' | 'ONE' | 'TWO' | 'THREE' | 'FOUR' | 'FIVE';
  comment?: string;
  createTime: string;
  updateTime: string;
  reviewReply?: { comment: string; updateTime: string };
};

const STARS = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 } as const;

export function ratingOf(review: Pick<GoogleReview, 'starRating'>): number | null {
  return STARS[review.starRating as keyof typeof STARS] ?? null;
}

export function normalizeReview(review: GoogleReview): PlatformReview {
  return {
    externalId: review.reviewId,
    openGraphStoryId: null,
    reviewerName: review.reviewer?.isAnonymous ? null : (review.reviewer?.displayName ?? null),
    reviewerPhotoUrl: review.reviewer?.profilePhotoUrl ?? null,
    rating: ratingOf(review),
    recommendationValue: null,
    comment: review.comment ?? null,
    hasMedia: false,
    mediaSummary: null,
    // Google publishes owner replies at once (v4 has no moderation state to read).
    reply: review.reviewReply
      ? {
          comment: review.reviewReply.comment,
          externalId: null,
          updatedAt: new Date(review.reviewReply.updateTime),
          state: 'APPROVED',
          policyViolation: null,
          url: null,
        }
      : null,
    createTime: new Date(review.createTime),
    updateTime: new Date(review.updateTime),
  };
}

const placeOf = (place: ReviewPlace) => GbpApi.v4LocationOf(place.externalId);

/** Reviews of the selected location: list by pages, reply (create or replace), delete the reply. */
export function gbpReviews(api: GbpApi): ReviewsCapability {
  const base = (place: ReviewPlace, id: string) => `${api.config.v4Base}/${placeOf(place)}/reviews/${encodeURIComponent(id)}`;
  async function get(credentials: Credentials, place: ReviewPlace, id: string) {
    return normalizeReview(await api.call<GoogleReview>(credentials, { operation: 'reviews.get', url: base(place, id) }));
  }
  return {
    async list(_env, credentials, place, page) {
      const query = new URLSearchParams({
        pageSize: String(Math.min(page.pageSize, 50)),
        orderBy: 'updateTime desc',
        ...(page.pageToken ? { pageToken: page.pageToken } : {}),
      });
      const answer = await api.call<{ reviews?: GoogleReview[]; nextPageToken?: string }>(credentials, {
        operation: 'reviews.list',
        url: `${api.config.v4Base}/${placeOf(place)}/reviews?${query}`,
      });
      return { reviews: (answer.reviews ?? []).map(normalizeReview), nextPageToken: answer.nextPageToken ?? null };
    },
    get: (_env, credentials, place, review) => get(credentials, place, review.externalId),
    async reply(_env, credentials, place, review, comment) {
      await api.call(credentials, { operation: 'reviews.reply', method: 'PUT', url: `${base(place, review.externalId)}/reply`, body: { comment } });
      return get(credentials, place, review.externalId);
    },
    async deleteReply(_env, credentials, place, review) {
      await api.call(credentials, { operation: 'reviews.deleteReply', method: 'DELETE', url: `${base(place, review.externalId)}/reply` });
      return get(credentials, place, review.externalId);
    },
    async comments() {
      return [];
    },
    async replyToComment() {
      throw new PlatformError({
        code: 'INVALID_REQUEST',
        message: 'Google reviews have no comment threads',
        httpStatus: 400,
        meta: { platform: 'GOOGLE_BUSINESS', operation: 'reviews.replyToComment' },
      });
    },
    async searchKeywords(_env, credentials, place, range) {
      const [sy, sm] = range.startMonth.split('-').map(Number);
      const [ey, em] = range.endMonth.split('-').map(Number);
      const query = new URLSearchParams({
        'monthlyRange.start_month.year': String(sy),
        'monthlyRange.start_month.month': String(sm),
        'monthlyRange.end_month.year': String(ey),
        'monthlyRange.end_month.month': String(em),
        pageSize: '100',
      });
      const answer = await api.call<{ searchKeywordsCounts?: { searchKeyword: string; insightsValue: { value?: string; threshold?: string } }[] }>(
        credentials,
        {
          operation: 'reviews.searchKeywords',
          url: `${api.config.performanceBase}/${GbpApi.locationOf(place.externalId)}/searchkeywords/impressions/monthly?${query}`,
        },
      );
      return (answer.searchKeywordsCounts ?? []).map((item) => ({
        keyword: item.searchKeyword,
        value: item.insightsValue.value !== undefined ? Number(item.insightsValue.value) : null,
        threshold: item.insightsValue.threshold !== undefined ? Number(item.insightsValue.threshold) : null,
      }));
    },
  };
}
