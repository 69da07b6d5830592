import { z } from '@hono/zod-openapi';
import { MAX_OFFSET } from '../http/pagination';
import {
  FACEBOOK_IMPORT_STATUSES,
  GOOGLE_IMPORT_STATUSES,
  MAX_REPLY_LENGTH,
  MAX_REVIEWS_PER_IMPORT,
  REPLY_STATES,
  REVIEW_PLATFORMS,
  STAR_RATINGS,
} from './shared/review-constants';
import { MAX_TEMPLATE_NAME_LENGTH } from './shared/reply-templates';

const id = z.string().min(1).max(200);
const dateTime = z.string().openapi({ format: 'date-time', example: '2026-11-01T09:30:00.000Z' });
const nullableDate = dateTime.nullable();

export const StartReviewImportBody = z
  .object({
    teamId: id,
    count: z
      .number()
      .int()
      .min(1)
      .max(MAX_REVIEWS_PER_IMPORT)
      .openapi({ description: 'New reviews to import (already imported ones are refreshed for free and not counted)' }),
  })
  .strict()
  .openapi('StartReviewImport');

export const TeamQuery = z.object({ teamId: id }).strict();
export const ImportIdParams = z.object({ importId: id.openapi({ param: { name: 'importId', in: 'path' } }) });
export const ReviewIdParams = z.object({ reviewId: id.openapi({ param: { name: 'reviewId', in: 'path' } }) });
export const RecommendationIdParams = z.object({ recommendationId: id.openapi({ param: { name: 'recommendationId', in: 'path' } }) });
export const RecommendationCommentParams = RecommendationIdParams.extend({ commentId: id.openapi({ param: { name: 'commentId', in: 'path' } }) });

export const ReplyBody = z
  .object({
    teamId: id,
    comment: z
      .string()
      .min(1)
      .max(MAX_REPLY_LENGTH)
      .refine((value) => value.trim().length > 0, 'The reply cannot be blank'),
  })
  .strict()
  .openapi('ReviewReply');
export const DeleteReplyBody = z.object({ teamId: id }).strict().openapi('DeleteReviewReply');

const booleanQuery = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();
const ratingList = z
  .preprocess((value) => (typeof value === 'string' ? value.split(',').map(Number) : value), z.array(z.number().int().min(1).max(5)).min(1).max(5))
  .optional()
  .openapi({ type: 'string', description: 'Star ratings to keep, comma separated (`1,2`)', example: '1,2' });

/** The outline's paging, plus optional filters for a dashboard; omitting them lists everything newest first. */
export const ReviewListQuery = z
  .object({
    teamId: id,
    limit: z.coerce.number().int().min(1).max(100).default(50),
    offset: z.coerce.number().int().min(0).max(MAX_OFFSET).nullable().default(0),
    rating: ratingList,
    replied: booleanQuery.openapi({
      type: 'string',
      enum: ['true', 'false'],
      description: 'Only reviews with (true) or without (false) an owner reply; a reply the platform rejected counts as none',
    }),
    from: dateTime.pipe(z.coerce.date()).optional().openapi({ type: 'string', format: 'date-time', description: 'Created at or after' }),
    to: dateTime.pipe(z.coerce.date()).optional().openapi({ type: 'string', format: 'date-time', description: 'Created before' }),
    q: z.string().trim().min(1).max(200).optional().openapi({ description: 'Text in the review, its reply or the reviewer name' }),
    socialAccountId: id.optional(),
  })
  .strict();

export const ReplyTemplateIdParams = z.object({ templateId: id.openapi({ param: { name: 'templateId', in: 'path' } }) });

export const CreateReplyTemplateBody = z
  .object({
    teamId: id,
    name: z.string().trim().min(1).max(MAX_TEMPLATE_NAME_LENGTH).openapi({ example: 'Thanks for the stars' }),
    text: z
      .string()
      .min(1)
      .max(MAX_REPLY_LENGTH)
      .refine((value) => value.trim().length > 0, 'The template cannot be blank')
      .openapi({ description: '`{name}` and `{firstName}` are replaced by the reviewer’s when the template is used', example: 'Thank you, {firstName}!' }),
  })
  .strict()
  .openapi('CreateReviewReplyTemplate');

export const ReplyTemplateSchema = z
  .object({ id: z.string(), teamId: z.string(), name: z.string(), text: z.string(), createdAt: dateTime, updatedAt: dateTime })
  .openapi('ReviewReplyTemplate');
export const ReplyTemplateListSchema = z.object({ items: z.array(ReplyTemplateSchema), total: z.number().int() }).openapi('ReviewReplyTemplateList');

export const ReviewStatsQuery = z
  .object({
    teamId: id,
    platform: z.enum(REVIEW_PLATFORMS).optional().openapi({ description: 'One platform; both when omitted' }),
  })
  .strict();

export const ReviewStatsSchema = z
  .object({
    /** Reviews and recommendations stored for the team (both platforms unless one was asked for). */
    total: z.number().int(),
    /** Of those, the ones with a star rating (a Facebook recommendation may have none). */
    rated: z.number().int(),
    averageRating: z
      .number()
      .nullable()
      .openapi({ description: 'Mean star rating of the rated ones, 1 to 5, two decimals; null when none is rated', example: 4.31 }),
    distribution: z
      .object({ ONE: z.number().int(), TWO: z.number().int(), THREE: z.number().int(), FOUR: z.number().int(), FIVE: z.number().int() })
      .openapi({ description: 'How many have each star rating' }),
  })
  .openapi('ReviewStats');

const jobFields = {
  id: z.string(),
  teamId: z.string(),
  socialAccountId: z.string(),
  requestedCount: z.number().int(),
  error: z.string().nullable(),
  rateLimitResetAt: nullableDate,
  startedAt: nullableDate,
  completedAt: nullableDate,
  createdAt: nullableDate,
  updatedAt: nullableDate,
  deletedAt: nullableDate,
};

export const ReviewImportSchema = z.object({ ...jobFields, status: z.enum(GOOGLE_IMPORT_STATUSES), reviewsImported: z.number().int() }).openapi('ReviewImport');
export const ReviewImportListSchema = z.object({ imports: z.array(ReviewImportSchema) }).openapi('ReviewImportList');

export const RecommendationImportSchema = z
  .object({ ...jobFields, status: z.enum(FACEBOOK_IMPORT_STATUSES), itemsImported: z.number().int() })
  .openapi('RecommendationImport');
export const RecommendationImportListSchema = z.object({ imports: z.array(RecommendationImportSchema) }).openapi('RecommendationImportList');

const recordFields = {
  id: z.string(),
  socialAccountId: z.string(),
  teamId: z.string(),
  reviewerDisplayName: z.string().nullable(),
  reviewerProfilePhotoUrl: z.string().nullable(),
  comment: z.string().nullable(),
  createTime: nullableDate,
  updateTime: nullableDate,
  importedAt: nullableDate,
  createdAt: nullableDate,
  updatedAt: nullableDate,
  deletedAt: nullableDate,
};

export const ReviewSchema = z
  .object({
    ...recordFields,
    externalReviewId: z.string(),
    starRating: z.enum(STAR_RATINGS).nullable(),
    reviewReplyComment: z.string().nullable(),
    reviewReplyUpdatedAt: nullableDate,
    reviewReplyState: z
      .enum(REPLY_STATES)
      .nullable()
      .openapi({ description: 'PENDING while Google moderates the reply; APPROVED when live; REJECTED with the policy in `reviewReplyPolicyViolation`' }),
    reviewReplyPolicyViolation: z.string().nullable(),
    reviewReplyUrl: z.string().nullable(),
  })
  .openapi('Review');

const capacity = {
  total: z.number().int(),
  limit: z.number().int().openapi({ description: 'The monthly import cap per account (not the page size)' }),
  remainingCapacity: z.number().int().openapi({ description: 'New reviews the account may still import this month' }),
};

export const ReviewListSchema = z.object({ reviews: z.array(ReviewSchema), ...capacity }).openapi('ReviewList');

export const RecommendationSchema = z
  .object({
    ...recordFields,
    externalRecommendationId: z.string(),
    openGraphStoryId: z.string().nullable(),
    recommendationValue: z.enum(['RECOMMEND', 'NOT_RECOMMEND', 'UNKNOWN']).nullable(),
    rating: z.number().int().nullable(),
    hasMedia: z.boolean(),
    mediaSummary: z.array(z.string()).nullable(),
    ownerReplyComment: z.string().nullable(),
    ownerReplyCommentId: z.string().nullable(),
    ownerReplyUpdatedAt: nullableDate,
  })
  .openapi('Recommendation');

export const RecommendationListSchema = z.object({ recommendations: z.array(RecommendationSchema), ...capacity }).openapi('RecommendationList');

export const RecommendationCommentSchema = z
  .object({
    id: z.string(),
    recommendationId: z.string(),
    rootObjectId: z.string(),
    parentCommentId: z.string().nullable(),
    authorName: z.string().nullable(),
    authorExternalId: z.string().nullable(),
    authorAvatarUrl: z.string().nullable(),
    text: z.string().nullable(),
    likesCount: z.number().int(),
    repliesCount: z.number().int(),
    canReply: z.boolean().nullable(),
    createdTime: nullableDate,
  })
  .openapi('RecommendationComment');
export const RecommendationCommentListSchema = z
  .object({ comments: z.array(RecommendationCommentSchema), total: z.number().int() })
  .openapi('RecommendationCommentList');
export const CreatedIdSchema = z.object({ id: z.string() }).openapi('RecommendationCommentReply');

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use the YYYY-MM format');
export const SearchKeywordsQuery = z
  .object({
    teamId: id,
    startMonth: month,
    endMonth: month,
    pageSize: z.coerce.number().int().min(1).max(100).default(100),
    pageToken: z.string().max(100).optional(),
  })
  .strict()
  .refine((query) => query.startMonth <= query.endMonth, { message: 'startMonth must not be after endMonth', path: ['endMonth'] });

export const SearchKeywordsSchema = z
  .object({
    location: z.string(),
    range: z.object({ startMonth: z.string(), endMonth: z.string() }),
    searchKeywords: z.array(
      z.object({
        searchKeyword: z.string(),
        value: z.number().int().nullable().openapi({ description: 'Unique users, when Google discloses it' }),
        threshold: z.number().int().nullable().openapi({ description: 'For low-volume keywords: the real count is below this number' }),
      }),
    ),
    nextPageToken: z.string().optional(),
  })
  .openapi('SearchKeywords');
