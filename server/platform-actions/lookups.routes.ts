import { createRoute, type z } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonResponse } from '../http/openapi-helpers';
import * as s from './lookups.schemas';

const tags = ['Platform actions'];

function lookup<Q extends z.AnyZodObject, R extends z.ZodTypeAny>(path: string, operationId: string, summary: string, query: Q, result: R) {
  return createRoute({
    method: 'get',
    path,
    operationId,
    summary,
    tags,
    security: apiKeySecurity,
    request: { query },
    responses: { 200: jsonResponse(result, summary), ...errorResponses(404) },
  });
}

export const youtubeCategoriesRoute = lookup(
  '/misc/youtube/video-categories',
  'miscYoutubeGetVideoCategories',
  'YouTube video categories',
  s.YoutubeCategoriesQuery,
  s.YoutubeCategoriesSchema,
);
export const youtubeRegionsRoute = lookup('/misc/youtube/regions', 'miscYoutubeGetRegions', 'YouTube regions', s.TeamQuery, s.YoutubeRegionsSchema);
export const subredditFlairsRoute = lookup(
  '/misc/reddit/subreddit-flairs',
  'miscRedditGetSubredditFlairs',
  'Flairs of a subreddit',
  s.SubredditQuery,
  s.SubredditFlairsSchema,
);
export const subredditRequirementsRoute = lookup(
  '/misc/reddit/post-requirements',
  'miscRedditGetPostRequirements',
  'Post requirements of a subreddit (flair enabled, flair required)',
  s.SubredditQuery,
  s.SubredditRequirementsSchema,
);
export const instagramLocationsRoute = lookup(
  '/misc/instagram/locations',
  'miscInstagramSearchLocations',
  'Search Instagram locations',
  s.InstagramLocationsQuery,
  s.InstagramLocationsSchema,
);
export const instagramTagsRoute = lookup(
  '/misc/instagram/tags',
  'miscInstagramBusinessDiscovery',
  'Find an Instagram business or creator account by username (to tag it)',
  s.InstagramTagsQuery,
  s.InstagramTagsSchema,
);
export const linkedinTagsRoute = lookup(
  '/misc/linkedin/mentions/tags',
  'miscLinkedinGetTags',
  'LinkedIn people and organizations to mention',
  s.LinkedinTagsQuery,
  s.LinkedinTagsSchema,
);
export const facebookPagesRoute = lookup(
  '/misc/facebook/pages',
  'miscFacebookFindPages',
  'Find a Facebook Page by URL, handle, id or name so it can be tagged as @[pageId]',
  s.FacebookPagesQuery,
  s.FacebookPagesSchema,
);
// The published client sends no teamId here: the list is the same for every account.
export const textFormatPresetsRoute = createRoute({
  method: 'get',
  path: '/misc/facebook/text-format-presets',
  operationId: 'miscFacebookGetTextFormatPresets',
  summary: 'Facebook text post backgrounds (for data.FACEBOOK.textFormatPresetId)',
  tags,
  security: apiKeySecurity,
  responses: { 200: jsonResponse(s.TextFormatPresetsSchema, 'Background presets'), ...errorResponses() },
});
