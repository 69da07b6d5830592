/**
 * One row of the review list, whichever platform it came from: a Google Business review or a
 * Facebook recommendation. The API keeps them apart (two routes, two shapes); the page shows them
 * as one feed, newest first, so each is mapped to this shape once, where it is fetched.
 */
export type ReviewSource = 'GOOGLE_BUSINESS' | 'FACEBOOK';

/** What the platform's moderation made of the owner reply. */
export type ReplyState = 'PENDING' | 'REJECTED' | 'LIVE';

export type ReviewReply = {
  text: string;
  updatedAt: string | null;
  state: ReplyState | null;
  /** Why the platform refused the reply, when it did. */
  violation: string | null;
  /** Where the reply can be seen on the platform once it is live. */
  url: string | null;
};

export type ReviewItem = {
  id: string;
  source: ReviewSource;
  reviewer: string;
  avatarUrl: string | null;
  /** 1 to 5, or null when the platform gives none (a Facebook recommendation without a rating). */
  rating: number | null;
  /** Facebook recommendations say yes or no instead of (or beside) stars. */
  recommends: boolean | null;
  text: string | null;
  createdAt: string | null;
  reply: ReviewReply | null;
};

/** 1–2 stars and nobody answered yet (a reply the platform rejected is no answer): what the low-rating alert counts and the list highlights. */
export const isUnansweredLowRating = (review: Pick<ReviewItem, 'rating' | 'reply'>) =>
  review.rating !== null && review.rating <= 2 && (!review.reply || review.reply.state === 'REJECTED');

export const STAR_VALUES = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 } as const;
export type StarRating = keyof typeof STAR_VALUES;
export const STAR_NAMES = Object.keys(STAR_VALUES) as StarRating[];
