import { createRoute } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { UsageSchema } from '../posts/posts.schemas';
import { CommentIdParams, CommentListQuery, CommentListSchema, CommentSchema, CreateCommentBody, UpdateCommentBody } from './comments.schemas';

const tags = ['Comments'];
const security = apiKeySecurity;

export const createCommentRoute = createRoute({
  method: 'post',
  path: '/comment',
  operationId: 'createComment',
  summary: 'Create a comment (or a reply) under a published post, now, later or as a draft',
  description:
    'Target `internalPostId` (or `importedPostId`); reply with `internalParentCommentId` or `fetchedParentCommentId`. ' +
    'Platforms: FACEBOOK, INSTAGRAM, LINKEDIN, YOUTUBE, TIKTOK, REDDIT, THREADS, MASTODON, DISCORD, SLACK, BLUESKY. ' +
    '`404` when the post does not exist or was deleted; `400` when it is not published on a platform yet; ' +
    '`403` over the daily per-account or monthly organization comment limit.',
  tags,
  security,
  request: { body: jsonBody(CreateCommentBody) },
  responses: { 200: jsonResponse(CommentSchema, 'The comment'), ...errorResponses(404) },
});

export const listCommentsRoute = createRoute({
  method: 'get',
  path: '/comment',
  operationId: 'listComments',
  summary: 'List the comments of a team',
  tags,
  security,
  request: { query: CommentListQuery },
  responses: { 200: jsonResponse(CommentListSchema, 'Comments'), ...errorResponses(404) },
});

export const getCommentRoute = createRoute({
  method: 'get',
  path: '/comment/{id}',
  operationId: 'getComment',
  summary: 'Get a comment with its per-platform results',
  tags,
  security,
  request: { params: CommentIdParams },
  responses: { 200: jsonResponse(CommentSchema, 'The comment'), ...errorResponses(404) },
});

export const updateCommentRoute = createRoute({
  method: 'patch',
  path: '/comment/{id}',
  operationId: 'updateComment',
  summary: 'Change a comment that is not published yet (or failed)',
  tags,
  security,
  request: { params: CommentIdParams, body: jsonBody(UpdateCommentBody) },
  responses: { 200: jsonResponse(CommentSchema, 'The comment'), ...errorResponses(404, 409) },
});

export const deleteCommentRoute = createRoute({
  method: 'delete',
  path: '/comment/{id}',
  operationId: 'deleteComment',
  summary: 'Delete a comment (a scheduled one is never published)',
  tags,
  security,
  request: { params: CommentIdParams },
  responses: { 200: jsonResponse(CommentSchema, 'The deleted comment'), ...errorResponses(404, 409) },
});

export const retryCommentRoute = createRoute({
  method: 'post',
  path: '/comment/{id}/retry',
  operationId: 'retryComment',
  summary: 'Publish again the platforms of a comment that failed',
  description: 'The platform is asked first whether an earlier attempt went through; such a comment is adopted, never duplicated.',
  tags,
  security,
  request: { params: CommentIdParams },
  responses: { 200: jsonResponse(CommentSchema, 'The comment, scheduled again'), ...errorResponses(404, 409) },
});

export const commentsUsageRoute = createRoute({
  method: 'get',
  path: '/organization/usage/comments',
  operationId: 'getCommentsUsage',
  summary: 'Comments counted this month against the plan',
  tags: ['Organization'],
  security,
  responses: { 200: jsonResponse(UsageSchema, 'Usage this UTC month'), ...errorResponses() },
});
