import { createRoute } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import * as s from './extras.schemas';

const tags = ['Platform actions'];
const security = apiKeySecurity;

export const instagramAudioRoute = createRoute({
  method: 'get',
  path: '/misc/instagram/audio',
  operationId: 'miscInstagramSearchAudio',
  summary: 'Search Instagram music or original sounds for Reels',
  description: 'Only for Instagram accounts connected through Facebook Login (Meta offers the audio library nowhere else): `400` otherwise.',
  tags,
  security,
  request: { query: s.InstagramAudioQuery },
  responses: { 200: jsonResponse(s.InstagramAudioSchema, 'Audio'), ...errorResponses(404, 502) },
});

export const facebookTokenDebugRoute = createRoute({
  method: 'get',
  path: '/misc/facebook/token-debug',
  operationId: 'miscFacebookGetTokenDebug',
  summary: "Inspect the Facebook account's access token: validity, scopes, expiry",
  description: 'A token Meta no longer accepts is answered with `is_valid: false` and its `error`, not a failure.',
  tags,
  security,
  request: { query: s.TokenDebugQuery },
  responses: { 200: jsonResponse(s.TokenDebugSchema, 'The token'), ...errorResponses(404, 502) },
});

export const linkedinReshareRoute = createRoute({
  method: 'post',
  path: '/misc/linkedin/post/reshare',
  operationId: 'miscLinkedinResharePost',
  summary: 'Reshare a LinkedIn post as the selected LinkedIn channel',
  description: '`404` when LinkedIn has no such post; `400` when its author turned resharing off.',
  tags,
  security,
  request: { body: jsonBody(s.LinkedinReshareBody) },
  responses: { 200: jsonResponse(s.LinkedinReshareSchema, 'The reshare'), ...errorResponses(404, 502) },
});

export const linkedinMentionsBuilderRoute = createRoute({
  method: 'post',
  path: '/misc/linkedin/mentions/builder',
  operationId: 'miscLinkedinBuildCommentary',
  summary: 'Build LinkedIn text with mentions at tag placeholders',
  description: 'Each tag replaces the first `@Name` or `Name` in the text (any case); tags the text does not name are appended at the end.',
  tags,
  security,
  request: { body: jsonBody(s.MentionsBuilderBody) },
  responses: { 200: jsonResponse(s.MentionsBuilderSchema, 'The commentary'), ...errorResponses(404) },
});
