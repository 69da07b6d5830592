import type { reviewImports, reviews } from '../db/schema/reviews';
import { STAR_RATINGS } from './shared/review-constants';

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewImportRow = typeof reviewImports.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

function jobFields(row: ReviewImportRow) {
  return {
    id: row.id,
    teamId: row.teamId,
    socialAccountId: row.socialAccountId,
    requestedCount: row.requestedCount,
    error: row.error,
    rateLimitResetAt: iso(row.rateLimitResetAt),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    deletedAt: iso(row.deletedAt),
  };
}

export function toReviewImportDto(row: ReviewImportRow) {
  return { ...jobFields(row), status: row.status === 'FETCHING' ? ('FETCHING_REVIEWS' as const) : row.status, reviewsImported: row.itemsImported };
}

export function toRecommendationImportDto(row: ReviewImportRow) {
  return { ...jobFields(row), status: row.status === 'FETCHING' ? ('FETCHING_RECOMMENDATIONS' as const) : row.status, itemsImported: row.itemsImported };
}

function recordFields(row: ReviewRow) {
  return {
    id: row.id,
    socialAccountId: row.socialAccountId,
    teamId: row.teamId,
    reviewerDisplayName: row.reviewerDisplayName,
    reviewerProfilePhotoUrl: row.reviewerProfilePhotoUrl,
    comment: row.comment,
    createTime: iso(row.createTime),
    updateTime: iso(row.updateTime),
    importedAt: iso(row.importedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    deletedAt: iso(row.deletedAt),
  };
}

export function toReviewDto(row: ReviewRow) {
  return {
    ...recordFields(row),
    externalReviewId: row.externalId,
    starRating: row.rating ? STAR_RATINGS[row.rating - 1]! : null,
    reviewReplyComment: row.replyComment,
    reviewReplyUpdatedAt: iso(row.replyUpdatedAt),
    reviewReplyState: row.replyComment ? row.replyState : null,
    reviewReplyPolicyViolation: row.replyPolicyViolation,
    reviewReplyUrl: row.replyUrl,
  };
}

export function toRecommendationDto(row: ReviewRow) {
  return {
    ...recordFields(row),
    externalRecommendationId: row.externalId,
    openGraphStoryId: row.openGraphStoryId,
    recommendationValue: row.recommendationValue,
    rating: row.rating,
    hasMedia: row.hasMedia,
    mediaSummary: row.mediaSummary,
    ownerReplyComment: row.replyComment,
    ownerReplyCommentId: row.replyExternalId,
    ownerReplyUpdatedAt: iso(row.replyUpdatedAt),
  };
}

/** Either presentation, by the row's platform: what events and the live stream carry. */
export function toAnyReviewDto(row: ReviewRow) {
  return row.platform === 'FACEBOOK' ? toRecommendationDto(row) : toReviewDto(row);
}
