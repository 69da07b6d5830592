import { createRoute } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import {
  AccountAnalyticsItemSchema,
  AccountAnalyticsQuery,
  AccountAnalyticsRawSchema,
  AccountAnalyticsSchema,
  BulkPostAnalyticsQuery,
  BulkPostAnalyticsSchema,
  ForceAccountBody,
  ForcePostBody,
  PostAnalyticsItemSchema,
  PostAnalyticsQuery,
  PostAnalyticsRawSchema,
  PostAnalyticsSchema,
} from './analytics.schemas';

const tags = ['Analytics'];
const paid = 'Analytics are a paid-plan feature: a FREE organization gets `403`.';
const forcedLimit = 'Limited to 6 per social account and 6 per post per rolling 24 hours; the 7th answers `429` with `Retry-After`.';

export const accountAnalyticsRoute = createRoute({
  method: 'get',
  path: '/analytics/social-account',
  operationId: 'getSocialAccountAnalytics',
  summary: "A social account's analytics over time",
  description: `${paid} One snapshot per refresh (background or forced), oldest first.`,
  tags,
  security: apiKeySecurity,
  request: { query: AccountAnalyticsQuery },
  responses: { 200: jsonResponse(AccountAnalyticsSchema, 'The account and its snapshots'), ...errorResponses(404) },
});

export const accountAnalyticsRawRoute = createRoute({
  method: 'get',
  path: '/analytics/social-account/raw',
  operationId: 'getSocialAccountAnalyticsRaw',
  summary: "A social account's analytics as the platform answered them",
  description: paid,
  tags,
  security: apiKeySecurity,
  request: { query: AccountAnalyticsQuery },
  responses: { 200: jsonResponse(AccountAnalyticsRawSchema, 'The account and the raw answers'), ...errorResponses(404) },
});

export const postAnalyticsRoute = createRoute({
  method: 'get',
  path: '/analytics/post',
  operationId: 'getPostAnalytics',
  summary: "A post's analytics over time on one platform",
  description: `${paid} Send \`postId\` with \`platformType\`, or \`importedPostId\` (mutually exclusive).`,
  tags,
  security: apiKeySecurity,
  request: { query: PostAnalyticsQuery },
  responses: { 200: jsonResponse(PostAnalyticsSchema, 'The post and its snapshots'), ...errorResponses(404) },
});

export const postAnalyticsRawRoute = createRoute({
  method: 'get',
  path: '/analytics/post/raw',
  operationId: 'getPostAnalyticsRaw',
  summary: "A post's analytics as the platform answered them",
  description: paid,
  tags,
  security: apiKeySecurity,
  request: { query: PostAnalyticsQuery },
  responses: { 200: jsonResponse(PostAnalyticsRawSchema, 'The post and the raw answers'), ...errorResponses(404) },
});

export const bulkPostAnalyticsRoute = createRoute({
  method: 'get',
  path: '/analytics/post/bulk',
  operationId: 'getBulkPostAnalytics',
  summary: 'Analytics of up to 60 posts on one platform, paged',
  description: `${paid} A post that cannot be read (missing, no target on the platform) gets an \`error\` in its result instead of failing the call.`,
  tags,
  security: apiKeySecurity,
  request: { query: BulkPostAnalyticsQuery },
  responses: { 200: jsonResponse(BulkPostAnalyticsSchema, 'One result per post id of the page'), ...errorResponses() },
});

export const forceAccountAnalyticsRoute = createRoute({
  method: 'post',
  path: '/analytics/social-account/force',
  operationId: 'forceSocialAccountAnalytics',
  summary: "Refresh a social account's analytics now",
  description: `${paid} ${forcedLimit}`,
  tags,
  security: apiKeySecurity,
  request: { body: jsonBody(ForceAccountBody) },
  responses: { 200: jsonResponse(AccountAnalyticsItemSchema, 'The new snapshot'), ...errorResponses(404, 502) },
});

export const forcePostAnalyticsRoute = createRoute({
  method: 'post',
  path: '/analytics/post/force',
  operationId: 'forcePostAnalytics',
  summary: "Refresh a post's analytics now",
  description: `${paid} ${forcedLimit}`,
  tags,
  security: apiKeySecurity,
  request: { body: jsonBody(ForcePostBody) },
  responses: { 200: jsonResponse(PostAnalyticsItemSchema, 'The new snapshot'), ...errorResponses(404, 502) },
});
