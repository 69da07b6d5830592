import { createRoute } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { ReconnectBody, ReconnectCandidatesQuery, ReconnectCandidatesSchema, ReconnectResultSchema } from './reconnect.schemas';

const tags = ['Posts'];

export const reconnectCandidatesRoute = createRoute({
  method: 'get',
  path: '/post/reconnect-social-account/candidates',
  operationId: 'postGetReconnectSocialAccountCandidates',
  summary: 'Posts that lost their account of a platform and can take the newly connected one',
  description:
    'Unpublished posts (draft, scheduled, retrying or failed) of the team whose `type` account was disconnected or removed, ' +
    'so they would fail for want of an account. Newest post date first.',
  tags,
  security: apiKeySecurity,
  request: { query: ReconnectCandidatesQuery },
  responses: { 200: jsonResponse(ReconnectCandidatesSchema, 'Candidates'), ...errorResponses(404) },
});

export const reconnectRoute = createRoute({
  method: 'post',
  path: '/post/reconnect-social-account',
  operationId: 'postReconnectSocialAccount',
  summary: "Attach the team's account of a platform to the posts that lost theirs",
  description:
    "Every candidate (or the `postIds` given) gets the team's connected `type` account for that platform; a scheduled post then publishes with it. " +
    'A post that already failed keeps `ERROR`: retry it to publish. A post that is no candidate is reported with `success: false`. ' +
    '`404` when the team has no connected account of that type.',
  tags,
  security: apiKeySecurity,
  request: { body: jsonBody(ReconnectBody) },
  responses: { 200: jsonResponse(ReconnectResultSchema, 'What happened to each post'), ...errorResponses(404) },
});
