import { createRoute } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import {
  CreatedIdSchema,
  CreateReplyTemplateBody,
  DeleteReplyBody,
  ImportIdParams,
  RecommendationCommentListSchema,
  RecommendationCommentParams,
  RecommendationIdParams,
  RecommendationImportListSchema,
  RecommendationImportSchema,
  RecommendationListSchema,
  RecommendationSchema,
  ReplyBody,
  ReplyTemplateIdParams,
  ReplyTemplateListSchema,
  ReplyTemplateSchema,
  ReviewIdParams,
  ReviewImportListSchema,
  ReviewImportSchema,
  ReviewListQuery,
  ReviewListSchema,
  ReviewSchema,
  ReviewStatsQuery,
  ReviewStatsSchema,
  SearchKeywordsQuery,
  SearchKeywordsSchema,
  StartReviewImportBody,
  TeamQuery,
} from './reviews.schemas';

const security = apiKeySecurity;
const google = ['Google Business reviews'];
const facebook = ['Facebook recommendations'];
const GOOGLE = '/misc/google-business';
const FACEBOOK = '/misc/facebook/recommendations';

const importRules =
  'Runs in the background: PENDING → FETCHING → COMPLETED (FAILED after retries; RATE_LIMITED with `rateLimitResetAt`, resuming by itself). ' +
  '`count` is the number of **new** items: known ones are refreshed for free and the walk goes further back; run again until fewer than `count` come back for the full history. ' +
  'Only new items use the monthly limit per account (FREE 5, PRO 200, BUSINESS 200, or the organization’s custom limit). One active import per account: `409`.';

// Google Business reviews. The import routes come first: `/reviews/import` is not a review id.
export const startReviewImportRoute = createRoute({
  method: 'post',
  path: `${GOOGLE}/reviews/import`,
  operationId: 'startGoogleReviewImport',
  summary: 'Start a new Google Reviews import',
  description: importRules,
  tags: google,
  security,
  request: { body: jsonBody(StartReviewImportBody) },
  responses: { 201: jsonResponse(ReviewImportSchema, 'The import job'), ...errorResponses(404, 409, 502) },
});

export const listReviewImportsRoute = createRoute({
  method: 'get',
  path: `${GOOGLE}/reviews/import`,
  operationId: 'listGoogleReviewImports',
  summary: 'The 20 latest review imports of a team, newest first',
  tags: google,
  security,
  request: { query: TeamQuery },
  responses: { 200: jsonResponse(ReviewImportListSchema, 'Import jobs'), ...errorResponses(404) },
});

export const getReviewImportRoute = createRoute({
  method: 'get',
  path: `${GOOGLE}/reviews/import/{importId}`,
  operationId: 'getGoogleReviewImport',
  summary: 'Get review import by ID',
  tags: google,
  security,
  request: { params: ImportIdParams },
  responses: { 200: jsonResponse(ReviewImportSchema, 'The import job'), ...errorResponses(404) },
});

export const listReviewsRoute = createRoute({
  method: 'get',
  path: `${GOOGLE}/reviews`,
  operationId: 'listGoogleReviews',
  summary: 'List imported Google Reviews, newest first',
  description:
    '`limit` in the answer is the monthly import cap per account, not the page size; `remainingCapacity` is what the account may still import this month.',
  tags: google,
  security,
  request: { query: ReviewListQuery },
  responses: { 200: jsonResponse(ReviewListSchema, 'Reviews'), ...errorResponses(404) },
});

export const getReviewRoute = createRoute({
  method: 'get',
  path: `${GOOGLE}/reviews/{reviewId}`,
  operationId: 'getGoogleReview',
  summary: 'Get a single imported Google Review',
  tags: google,
  security,
  request: { params: ReviewIdParams, query: TeamQuery },
  responses: { 200: jsonResponse(ReviewSchema, 'The review'), ...errorResponses(404) },
});

export const replyToReviewRoute = createRoute({
  method: 'put',
  path: `${GOOGLE}/reviews/{reviewId}/reply`,
  operationId: 'replyToGoogleReview',
  summary: 'Reply to a Google Review (creates or updates the owner reply)',
  description:
    'Google moderates replies: `reviewReplyState` is PENDING, then APPROVED (live, with `reviewReplyUrl`) or REJECTED with `reviewReplyPolicyViolation` ' +
    '(contact details such as phone numbers, links or emails, and offensive language are refused).',
  tags: google,
  security,
  request: { params: ReviewIdParams, body: jsonBody(ReplyBody) },
  responses: { 200: jsonResponse(ReviewSchema, 'The review with its reply'), ...errorResponses(404, 502) },
});

export const deleteReviewReplyRoute = createRoute({
  method: 'delete',
  path: `${GOOGLE}/reviews/{reviewId}/reply`,
  operationId: 'deleteGoogleReviewReply',
  summary: 'Delete the owner reply from a Google Review',
  tags: google,
  security,
  request: { params: ReviewIdParams, body: jsonBody(DeleteReplyBody) },
  responses: { 200: jsonResponse(ReviewSchema, 'The review without a reply'), ...errorResponses(404, 502) },
});

export const searchKeywordsRoute = createRoute({
  method: 'get',
  path: `${GOOGLE}/location/search-keywords`,
  operationId: 'listGoogleSearchKeywords',
  summary: 'Search terms customers used to find the location',
  description:
    'For the `startMonth`–`endMonth` range (YYYY-MM, inclusive). Low-volume keywords come back with `threshold` (the real count is below it) instead of `value`.',
  tags: google,
  security,
  request: { query: SearchKeywordsQuery },
  responses: { 200: jsonResponse(SearchKeywordsSchema, 'Search keywords'), ...errorResponses(404, 502) },
});

export const getReviewStatsRoute = createRoute({
  method: 'get',
  path: '/misc/reviews/stats',
  operationId: 'getReviewStats',
  summary: 'Average rating and star distribution of the team’s stored reviews and recommendations',
  tags: google,
  security,
  request: { query: ReviewStatsQuery },
  responses: { 200: jsonResponse(ReviewStatsSchema, 'Rating figures'), ...errorResponses(404) },
});

// Reply templates, per team, for both platforms.
const templates = ['Review reply templates'];

export const listReplyTemplatesRoute = createRoute({
  method: 'get',
  path: '/misc/reviews/reply-templates',
  operationId: 'listReviewReplyTemplates',
  summary: 'The team’s saved review replies, by name',
  tags: templates,
  security,
  request: { query: TeamQuery },
  responses: { 200: jsonResponse(ReplyTemplateListSchema, 'Templates'), ...errorResponses(404) },
});

export const createReplyTemplateRoute = createRoute({
  method: 'post',
  path: '/misc/reviews/reply-templates',
  operationId: 'createReviewReplyTemplate',
  summary: 'Save a review reply as a template',
  description: 'Names are unique per team (`409`); a team keeps at most 50 templates.',
  tags: templates,
  security,
  request: { body: jsonBody(CreateReplyTemplateBody) },
  responses: { 201: jsonResponse(ReplyTemplateSchema, 'The template'), ...errorResponses(404, 409) },
});

export const deleteReplyTemplateRoute = createRoute({
  method: 'delete',
  path: '/misc/reviews/reply-templates/{templateId}',
  operationId: 'deleteReviewReplyTemplate',
  summary: 'Delete a review reply template',
  tags: templates,
  security,
  request: { params: ReplyTemplateIdParams },
  responses: { 200: jsonResponse(ReplyTemplateSchema, 'The deleted template'), ...errorResponses(404) },
});

// Facebook recommendations: the same machinery, Facebook's names.
export const startRecommendationImportRoute = createRoute({
  method: 'post',
  path: `${FACEBOOK}/import`,
  operationId: 'startFacebookRecommendationImport',
  summary: 'Start a new Facebook recommendations import',
  description: importRules,
  tags: facebook,
  security,
  request: { body: jsonBody(StartReviewImportBody) },
  responses: { 201: jsonResponse(RecommendationImportSchema, 'The import job'), ...errorResponses(404, 409, 502) },
});

export const listRecommendationImportsRoute = createRoute({
  method: 'get',
  path: `${FACEBOOK}/import`,
  operationId: 'listFacebookRecommendationImports',
  summary: 'The 20 latest recommendation imports of a team, newest first',
  tags: facebook,
  security,
  request: { query: TeamQuery },
  responses: { 200: jsonResponse(RecommendationImportListSchema, 'Import jobs'), ...errorResponses(404) },
});

export const getRecommendationImportRoute = createRoute({
  method: 'get',
  path: `${FACEBOOK}/import/{importId}`,
  operationId: 'getFacebookRecommendationImport',
  summary: 'Get Facebook recommendations import by ID',
  tags: facebook,
  security,
  request: { params: ImportIdParams },
  responses: { 200: jsonResponse(RecommendationImportSchema, 'The import job'), ...errorResponses(404) },
});

export const listRecommendationsRoute = createRoute({
  method: 'get',
  path: FACEBOOK,
  operationId: 'listFacebookRecommendations',
  summary: 'List imported Facebook recommendations, newest first',
  tags: facebook,
  security,
  request: { query: ReviewListQuery },
  responses: { 200: jsonResponse(RecommendationListSchema, 'Recommendations'), ...errorResponses(404) },
});

export const getRecommendationRoute = createRoute({
  method: 'get',
  path: `${FACEBOOK}/{recommendationId}`,
  operationId: 'getFacebookRecommendation',
  summary: 'Get a single imported Facebook recommendation',
  tags: facebook,
  security,
  request: { params: RecommendationIdParams, query: TeamQuery },
  responses: { 200: jsonResponse(RecommendationSchema, 'The recommendation'), ...errorResponses(404) },
});

export const listRecommendationCommentsRoute = createRoute({
  method: 'get',
  path: `${FACEBOOK}/{recommendationId}/comments`,
  operationId: 'listFacebookRecommendationComments',
  summary: 'Get recommendation thread comments',
  tags: facebook,
  security,
  request: { params: RecommendationIdParams, query: TeamQuery },
  responses: { 200: jsonResponse(RecommendationCommentListSchema, 'Thread comments'), ...errorResponses(404, 502) },
});

export const replyToRecommendationRoute = createRoute({
  method: 'put',
  path: `${FACEBOOK}/{recommendationId}/reply`,
  operationId: 'replyToFacebookRecommendation',
  summary: 'Reply to a Facebook recommendation (creates or updates the owner reply)',
  tags: facebook,
  security,
  request: { params: RecommendationIdParams, body: jsonBody(ReplyBody) },
  responses: { 200: jsonResponse(RecommendationSchema, 'The recommendation with its reply'), ...errorResponses(404, 502) },
});

export const replyToRecommendationCommentRoute = createRoute({
  method: 'put',
  path: `${FACEBOOK}/{recommendationId}/comments/{commentId}/reply`,
  operationId: 'replyToFacebookRecommendationComment',
  summary: 'Reply to a Facebook recommendation thread comment',
  tags: facebook,
  security,
  request: { params: RecommendationCommentParams, body: jsonBody(ReplyBody) },
  responses: { 200: jsonResponse(CreatedIdSchema, 'The reply'), ...errorResponses(404, 502) },
});
