import { createRoute } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { CreatePostDraftBody, PostDraftResultSchema, SavePostDraftBody } from './post-drafts.schemas';
import { PostIdParams } from './posts.schemas';

const tags = ['Posts'];
const security = apiKeySecurity;
const problems =
  'Our extension (decision 090), for the dashboard’s autosave. The draft is saved even when it breaks platform rules, which come back as `problems`; ' +
  'only its structure is checked (`400` with `issues` otherwise). Scheduling or publishing it (`PATCH /post/{id}` with `status: SCHEDULED`) checks it in full.';

export const createPostDraftRoute = createRoute({
  method: 'post',
  path: '/post/drafts',
  operationId: 'createPostDraft',
  summary: 'Save a new draft whatever its problems (our extension)',
  description: problems,
  tags,
  security,
  request: { body: jsonBody(CreatePostDraftBody) },
  responses: { 200: jsonResponse(PostDraftResultSchema, 'The draft and what stands in the way of scheduling it'), ...errorResponses(404, 409) },
});

export const savePostDraftRoute = createRoute({
  method: 'put',
  path: '/post/{id}/draft',
  operationId: 'savePostDraft',
  summary: 'Replace a draft whatever its problems (our extension)',
  description: `${problems} A post that is no longer a draft is \`409\`.`,
  tags,
  security,
  request: { params: PostIdParams, body: jsonBody(SavePostDraftBody) },
  responses: { 200: jsonResponse(PostDraftResultSchema, 'The draft and what stands in the way of scheduling it'), ...errorResponses(404, 409) },
});
