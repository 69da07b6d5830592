import { createRoute, z } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { offsetPaginationQuery } from '../http/pagination';

const tags = ['Sandbox'];
const security = apiKeySecurity;
const description =
  'Sandbox only (off with SANDBOX=false). Every sandbox location or page starts with 30 reviews spread over about 17 months. ' +
  'Google moderates owner replies: contact details (phone numbers, links, emails) and offensive language are REJECTED; other replies are PENDING for about 4 s, then APPROVED.';
const id = z.string().min(1).max(64);

export const SandboxReviewsBody = z
  .object({
    socialAccountId: id,
    rating: z.number().int().min(1).max(5).nullable().openapi({ description: 'Stars; null for a Facebook recommendation without a rating' }),
    comment: z.string().max(4096).optional(),
    reviewerName: z.string().min(1).max(100).optional(),
    createdAt: z
      .string()
      .datetime({ offset: true })
      .optional()
      .openapi({ description: 'When it was written (default now); several are a minute apart, going back' }),
    count: z.number().int().min(1).max(1000).default(1).openapi({ description: 'How many reviews to add (a long history in one call), a minute apart' }),
  })
  .strict()
  .openapi('SandboxAddReviews');

export const SandboxRecommendationCommentBody = z
  .object({
    socialAccountId: id,
    reviewId: z.string().min(1).max(200).openapi({ description: 'The recommendation’s platform id' }),
    text: z.string().trim().min(1).max(4096),
    authorName: z.string().min(1).max(100).optional(),
  })
  .strict()
  .openapi('SandboxRecommendationComment');

export const SandboxReviewsQuery = z
  .object({ socialAccountId: id, offset: offsetPaginationQuery.offset, limit: z.coerce.number().int().min(1).max(500).default(50) })
  .strict();

export const SandboxReviewSchema = z
  .object({
    id: z.string(),
    externalId: z.string(),
    reviewerName: z.string(),
    rating: z.number().int().nullable(),
    recommendationValue: z.string().nullable(),
    comment: z.string().nullable(),
    replyComment: z.string().nullable(),
    replyState: z.string().nullable(),
    replyPolicyViolation: z.string().nullable(),
    thread: z.array(z.object({ id: z.string(), parentId: z.string().nullable(), authorName: z.string(), text: z.string(), owner: z.boolean() })),
    createTime: z.string(),
    updateTime: z.string(),
  })
  .openapi('SandboxReview');

const list = z.object({ items: z.array(SandboxReviewSchema), total: z.number().int() }).openapi('SandboxReviewList');

export const addSandboxReviewsRoute = createRoute({
  method: 'post',
  path: '/sandbox/reviews',
  operationId: 'sandboxAddReviews',
  summary: 'Add reviews to a location’s (or page’s) history on the sandbox platform, without a webhook',
  description,
  tags,
  security,
  request: { body: jsonBody(SandboxReviewsBody) },
  responses: { 200: jsonResponse(list, 'The reviews added'), ...errorResponses(404) },
});

export const listSandboxReviewsRoute = createRoute({
  method: 'get',
  path: '/sandbox/reviews',
  operationId: 'sandboxListReviews',
  summary: 'The reviews on the sandbox platform for an account’s location or page, newest first',
  description,
  tags,
  security,
  request: { query: SandboxReviewsQuery },
  responses: { 200: jsonResponse(list, 'Reviews on the platform'), ...errorResponses(404) },
});

export const commentOnRecommendationRoute = createRoute({
  method: 'post',
  path: '/sandbox/reviews/comments',
  operationId: 'sandboxCommentOnRecommendation',
  summary: 'Someone comments under a Facebook recommendation',
  description,
  tags,
  security,
  request: { body: jsonBody(SandboxRecommendationCommentBody) },
  responses: { 200: jsonResponse(z.object({ id: z.string() }).openapi('SandboxRecommendationCommentCreated'), 'The comment'), ...errorResponses(404) },
});
