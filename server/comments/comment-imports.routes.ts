import { createRoute } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import {
  CommentActionBody,
  CommentActionParams,
  CommentActionResultSchema,
  CommentImportListQuery,
  CommentImportListSchema,
  CommentImportSchema,
  CreateCommentImportBody,
  FetchedCommentListSchema,
  FetchedCommentsQuery,
  ImportIdParams,
} from './comments.schemas';

const tags = ['Comments'];
const security = apiKeySecurity;

export const createCommentImportRoute = createRoute({
  method: 'post',
  path: '/comment/import',
  operationId: 'createCommentImport',
  summary: "Start fetching a published post's comments from a platform",
  description:
    'Runs in the background: PENDING → FETCHING → COMPLETED (or FAILED; RATE_LIMITED with `rateLimitResetAt` until the platform lets it continue). ' +
    'Each run stores the newest comments up to the plan’s limit per post (FREE 25, PRO 200, BUSINESS 1,000). `409` while a run for the post is in progress.',
  tags,
  security,
  request: { body: jsonBody(CreateCommentImportBody) },
  responses: { 201: jsonResponse(CommentImportSchema, 'The import run'), ...errorResponses(404, 409) },
});

export const listCommentImportsRoute = createRoute({
  method: 'get',
  path: '/comment/import',
  operationId: 'listCommentImports',
  summary: 'Comment import runs of a team, newest first',
  tags,
  security,
  request: { query: CommentImportListQuery },
  responses: { 200: jsonResponse(CommentImportListSchema, 'Import runs'), ...errorResponses(404) },
});

export const listFetchedCommentsRoute = createRoute({
  method: 'get',
  path: '/comment/import/comments',
  operationId: 'listFetchedComments',
  summary: "A post's fetched comments (imported, or received as they were written), newest first",
  tags,
  security,
  request: { query: FetchedCommentsQuery },
  responses: { 200: jsonResponse(FetchedCommentListSchema, 'Fetched comments'), ...errorResponses(404) },
});

export const getCommentImportRoute = createRoute({
  method: 'get',
  path: '/comment/import/{importId}',
  operationId: 'getCommentImport',
  summary: 'Get a comment import run',
  tags,
  security,
  request: { params: ImportIdParams },
  responses: { 200: jsonResponse(CommentImportSchema, 'The import run'), ...errorResponses(404) },
});

export const actOnFetchedCommentRoute = createRoute({
  method: 'post',
  path: '/comment/import/comments/{commentId}/action',
  operationId: 'actOnFetchedComment',
  summary: 'Delete, hide, unhide, like, unlike, approve or reject a fetched comment on its platform',
  description:
    'Per platform: FACEBOOK delete/hide/unhide/like/unlike; INSTAGRAM delete/hide/unhide; YOUTUBE delete (own comments)/approve/reject; ' +
    'LINKEDIN delete/like/unlike; TIKTOK delete/hide/unhide/like/unlike; REDDIT delete (own)/like/unlike/approve/reject; ' +
    'THREADS delete (own)/hide/unhide; MASTODON and BLUESKY delete (own)/like/unlike. Anything else is `400`.',
  tags,
  security,
  request: { params: CommentActionParams, body: jsonBody(CommentActionBody) },
  responses: { 200: jsonResponse(CommentActionResultSchema, 'The comment after the action'), ...errorResponses(404) },
});
