import { createRoute } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { CreatePostBody, PostIdParams, PostListQuery, PostListSchema, PostSchema, ReferenceKeyParams, UpdatePostBody, UsageSchema } from './posts.schemas';

const tags = ['Posts'];
const security = apiKeySecurity;

export const createPostRoute = createRoute({
  method: 'post',
  path: '/post',
  operationId: 'createPost',
  summary: 'Create a post (draft, scheduled, or now)',
  description:
    'Each platform in `socialAccountTypes` needs its options in `data.<PLATFORM>` and a connected account in the team. ' +
    'Rule violations answer `400` with `issues` whose `path` points into `data.<PLATFORM>`. ' +
    'Over a daily per-account or monthly organization limit: `403` naming the limit.',
  tags,
  security,
  request: { body: jsonBody(CreatePostBody) },
  responses: { 200: jsonResponse(PostSchema, 'The post'), ...errorResponses(404, 409, 422) },
});

export const listPostsRoute = createRoute({
  method: 'get',
  path: '/post',
  operationId: 'listPosts',
  summary: 'List the posts of a team',
  tags,
  security,
  request: { query: PostListQuery },
  responses: { 200: jsonResponse(PostListSchema, 'Posts'), ...errorResponses(404) },
});

export const getPostRoute = createRoute({
  method: 'get',
  path: '/post/{id}',
  operationId: 'getPost',
  summary: 'Get a post with its per-platform results',
  tags,
  security,
  request: { params: PostIdParams },
  responses: { 200: jsonResponse(PostSchema, 'The post'), ...errorResponses(404) },
});

export const getPostByReferenceRoute = createRoute({
  method: 'get',
  path: '/post/reference/{referenceKey}',
  operationId: 'getPostByReferenceKey',
  summary: 'Get a post by your referenceKey',
  tags,
  security,
  request: { params: ReferenceKeyParams },
  responses: { 200: jsonResponse(PostSchema, 'The post'), ...errorResponses(404) },
});

// The hosted service's current path for the same lookup; the older `/post/reference/{referenceKey}` stays.
export const getPostByReferenceKeyRoute = createRoute({
  method: 'get',
  path: '/post/reference-key/{referenceKey}',
  operationId: 'postGetByReferenceKey',
  summary: 'Get a post by your referenceKey',
  tags,
  security,
  request: { params: ReferenceKeyParams },
  responses: { 200: jsonResponse(PostSchema, 'The post'), ...errorResponses(404) },
});

export const updatePostRoute = createRoute({
  method: 'patch',
  path: '/post/{id}',
  operationId: 'updatePost',
  summary: 'Change a post that is not published yet (or failed)',
  description: 'A scheduled post that is edited before it is due publishes its new version; `409` once it is being published or posted.',
  tags,
  security,
  request: { params: PostIdParams, body: jsonBody(UpdatePostBody) },
  responses: { 200: jsonResponse(PostSchema, 'The post'), ...errorResponses(404, 409) },
});

export const deletePostRoute = createRoute({
  method: 'delete',
  path: '/post/{id}',
  operationId: 'deletePost',
  summary: 'Delete a post (a scheduled one is never published)',
  tags,
  security,
  request: { params: PostIdParams },
  responses: { 200: jsonResponse(PostSchema, 'The deleted post'), ...errorResponses(404, 409) },
});

export const retryPostRoute = createRoute({
  method: 'post',
  path: '/post/{id}/retry',
  operationId: 'retryPost',
  summary: 'Publish again the platforms of a post that failed',
  tags,
  security,
  request: { params: PostIdParams },
  responses: { 200: jsonResponse(PostSchema, 'The post, scheduled again'), ...errorResponses(404, 409) },
});

export const postsUsageRoute = createRoute({
  method: 'get',
  path: '/organization/usage/posts',
  operationId: 'getPostsUsage',
  summary: 'Posts counted this month against the plan',
  tags: ['Organization'],
  security,
  responses: { 200: jsonResponse(UsageSchema, 'Usage this UTC month'), ...errorResponses() },
});
