import { createRoute } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonResponse } from '../http/openapi-helpers';
import * as s from './tiktok.schemas';

const tags = ['Platform actions'];

export const tiktokCmlTrendingListRoute = createRoute({
  method: 'get',
  path: '/misc/tiktok/cml/trending-list',
  operationId: 'miscTiktokGetCmlTrendingList',
  summary: 'Get popular tracks from TikTok Commercial Music Library',
  tags,
  security: apiKeySecurity,
  request: { query: s.TiktokCmlQuery },
  responses: { 200: jsonResponse(s.TiktokCmlTrendingListSchema, 'Trending tracks, most popular first'), ...errorResponses(404) },
});

/** A SocialDesk extension: what TikTok lets the team's creator post now, for the composer's TikTok tab. */
export const tiktokCreatorInfoRoute = createRoute({
  method: 'get',
  path: '/misc/tiktok/creator-info',
  operationId: 'miscTiktokGetCreatorInfo',
  summary: "The TikTok creator's posting options (privacy levels, disabled interactions, longest video)",
  tags,
  security: apiKeySecurity,
  request: { query: s.TiktokCreatorInfoQuery },
  responses: { 200: jsonResponse(s.TiktokCreatorInfoSchema, 'Creator info'), ...errorResponses(404) },
});
