import type { ConnectorEnv, Credentials } from './connector';

/** The place reviews are about: a Google Business location or a Facebook page (the account's selected channel). */
export type ReviewPlace = { externalId: string };

export type ReplyState = 'REVIEW_REPLY_STATE_UNSPECIFIED' | 'PENDING' | 'REJECTED' | 'APPROVED';

/** A review (Google) or recommendation (Facebook) as the platform lists it, normalized. */
export type PlatformReview = {
  externalId: string;
  openGraphStoryId: string | null;
  reviewerName: string | null;
  reviewerPhotoUrl: string | null;
  /** 1 to 5; null for a recommendation without a rating. */
  rating: number | null;
  recommendationValue: 'RECOMMEND' | 'NOT_RECOMMEND' | 'UNKNOWN' | null;
  comment: string | null;
  hasMedia: boolean;
  mediaSummary: string[] | null;
  reply: {
    comment: string;
    externalId: string | null;
    updatedAt: Date;
    state: ReplyState;
    policyViolation: string | null;
    url: string | null;
  } | null;
  createTime: Date;
  updateTime: Date;
};

export type PlatformReviewComment = {
  externalId: string;
  externalParentId: string | null;
  authorName: string | null;
  authorExternalId: string | null;
  authorAvatarUrl: string | null;
  text: string | null;
  likesCount: number;
  repliesCount: number;
  canReply: boolean;
  createdAt: Date;
};

export type SearchKeyword = { keyword: string; value: number | null; threshold: number | null };

export type ReviewsCapability = {
  /** One page of the place's reviews, newest first (by creation); `nextPageToken` null on the last page. */
  list(
    env: ConnectorEnv,
    credentials: Credentials,
    place: ReviewPlace,
    page: { pageToken: string | null; pageSize: number },
  ): Promise<{ reviews: PlatformReview[]; nextPageToken: string | null }>;
  get(env: ConnectorEnv, credentials: Credentials, place: ReviewPlace, review: { externalId: string }): Promise<PlatformReview>;
  /** Creates or replaces the owner reply; the platform moderates it (see the reply's `state`). */
  reply(env: ConnectorEnv, credentials: Credentials, place: ReviewPlace, review: { externalId: string }, comment: string): Promise<PlatformReview>;
  deleteReply(env: ConnectorEnv, credentials: Credentials, place: ReviewPlace, review: { externalId: string }): Promise<PlatformReview>;
  /** The comment thread under a recommendation (Facebook); empty where the platform has none. */
  comments(env: ConnectorEnv, credentials: Credentials, place: ReviewPlace, review: { externalId: string }): Promise<PlatformReviewComment[]>;
  replyToComment(
    env: ConnectorEnv,
    credentials: Credentials,
    place: ReviewPlace,
    review: { externalId: string },
    comment: { externalId: string },
    text: string,
  ): Promise<{ externalId: string }>;
  /** Search terms customers used to find the place, per month range (Google); low volumes as a threshold. */
  searchKeywords(env: ConnectorEnv, credentials: Credentials, place: ReviewPlace, range: { startMonth: string; endMonth: string }): Promise<SearchKeyword[]>;
};
