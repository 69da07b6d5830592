import { createRoute } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import {
  CreatePostHistoryImportBody,
  DeleteImportedPostsBody,
  DeleteImportedPostsResultSchema,
  ImportedPostListSchema,
  ImportedPostsQuery,
  ImportIdParams,
  PostHistoryImportListQuery,
  PostHistoryImportListSchema,
  PostHistoryImportSchema,
  RetryPostHistoryImportBody,
} from './post-history.schemas';

const tags = ['Post history import'];
const security = apiKeySecurity;

export const createPostHistoryImportRoute = createRoute({
  method: 'post',
  path: '/post-history-import',
  operationId: 'createPostHistoryImport',
  summary: "Start importing an account's past posts (and their analytics) from its platform",
  description:
    'Runs in the background: PENDING → FETCHING_POSTS → FETCHING_ANALYTICS → COMPLETED, FAILED after retries, or RATE_LIMITED until `rateLimitResetAt`, ' +
    'when it resumes by itself. `count` is the number of NEW posts: already imported ones are refreshed (permalink, extraData), not counted, and the ' +
    'import goes further back. Monthly cap per account: FREE 5, PRO 100, BUSINESS 500 posts (`403` when used up). One active import per account (`409`). ' +
    'On TWITTER every post read is billed from prepaid credits (`402` when the balance cannot pay for a read).',
  tags,
  security,
  request: { body: jsonBody(CreatePostHistoryImportBody) },
  responses: { 201: jsonResponse(PostHistoryImportSchema, 'The import job'), ...errorResponses(402, 403, 404, 409) },
});

export const listPostHistoryImportsRoute = createRoute({
  method: 'get',
  path: '/post-history-import',
  operationId: 'listPostHistoryImports',
  summary: 'Post history imports of a team, newest first',
  tags,
  security,
  request: { query: PostHistoryImportListQuery },
  responses: { 200: jsonResponse(PostHistoryImportListSchema, 'Import jobs'), ...errorResponses(404) },
});

export const listImportedPostsRoute = createRoute({
  method: 'get',
  path: '/post-history-import/posts',
  operationId: 'listImportedPosts',
  summary: "An account's imported posts with their analytics, newest first",
  tags,
  security,
  request: { query: ImportedPostsQuery },
  responses: { 200: jsonResponse(ImportedPostListSchema, 'Imported posts'), ...errorResponses(404) },
});

export const deleteImportedPostsRoute = createRoute({
  method: 'delete',
  path: '/post-history-import/posts',
  operationId: 'deleteImportedPosts',
  summary: 'Delete imported posts and their analytics (ids that are not the team’s imported posts are ignored)',
  tags,
  security,
  request: { body: jsonBody(DeleteImportedPostsBody) },
  responses: { 200: jsonResponse(DeleteImportedPostsResultSchema, 'How many were deleted'), ...errorResponses(404) },
});

export const getPostHistoryImportRoute = createRoute({
  method: 'get',
  path: '/post-history-import/{importId}',
  operationId: 'getPostHistoryImport',
  summary: 'Get a post history import job',
  tags,
  security,
  request: { params: ImportIdParams },
  responses: { 200: jsonResponse(PostHistoryImportSchema, 'The import job'), ...errorResponses(404) },
});

export const retryPostHistoryImportRoute = createRoute({
  method: 'post',
  path: '/post-history-import/{importId}/retry',
  operationId: 'retryPostHistoryImport',
  summary: 'Retry a failed import: it continues where it stopped',
  tags,
  security,
  request: { params: ImportIdParams, body: jsonBody(RetryPostHistoryImportBody) },
  responses: { 200: jsonResponse(PostHistoryImportSchema, 'The import job, PENDING again'), ...errorResponses(402, 403, 404, 409) },
});
