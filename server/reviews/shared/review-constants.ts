// Browser-safe (see docs/decisions/011): the dashboard, the API schemas and the tables share these lists.

/** Platforms with business-listing reviews: Google Business reviews and Facebook recommendations. */
export const REVIEW_PLATFORMS = ['GOOGLE_BUSINESS', 'FACEBOOK'] as const;
export type ReviewPlatform = (typeof REVIEW_PLATFORMS)[number];

/** Stored import states; `FETCHING` is presented as `FETCHING_REVIEWS` (Google) or `FETCHING_RECOMMENDATIONS` (Facebook). */
export const REVIEW_IMPORT_STATUSES = ['PENDING', 'FETCHING', 'COMPLETED', 'FAILED', 'RATE_LIMITED'] as const;
export const GOOGLE_IMPORT_STATUSES = ['PENDING', 'FETCHING_REVIEWS', 'COMPLETED', 'FAILED', 'RATE_LIMITED'] as const;
export const FACEBOOK_IMPORT_STATUSES = ['PENDING', 'FETCHING_RECOMMENDATIONS', 'COMPLETED', 'FAILED', 'RATE_LIMITED'] as const;

/** Google's moderation of an owner reply: PENDING until reviewed, then APPROVED (live) or REJECTED. */
export const REPLY_STATES = ['REVIEW_REPLY_STATE_UNSPECIFIED', 'PENDING', 'REJECTED', 'APPROVED'] as const;
export type ReplyState = (typeof REPLY_STATES)[number];

export const STAR_RATINGS = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'] as const;
export type StarRating = (typeof STAR_RATINGS)[number];

/** Reviews (or recommendations) an import may store as new per account and UTC month, per plan. */
export const MONTHLY_REVIEW_IMPORT_LIMITS = { FREE: 5, PRO: 200, BUSINESS: 200 } as const;
/** New reviews one import request may ask for. */
export const MAX_REVIEWS_PER_IMPORT = 250;
/** A reply to a review or recommendation. */
export const MAX_REPLY_LENGTH = 4096;
