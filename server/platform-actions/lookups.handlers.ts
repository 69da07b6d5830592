import { createRouter } from '../http/create-router';
import { FACEBOOK_TEXT_FORMAT_PRESETS } from '../platforms/shared/facebook-text-format-presets';
import * as routes from './lookups.routes';
import { etagOf, lookup } from './lookups.service';

/** YouTube's own channel id, which owns the category list. */
const YOUTUBE_CHANNEL = 'UCBR8-60-B28hp2BmDPdntcQ';

export const lookupsRouter = createRouter();
lookupsRouter.openapi(routes.youtubeCategoriesRoute, async (c) => {
  const { teamId, regionCode } = c.req.valid('query');
  const categories = await lookup(c.var.services, { organizationId: c.var.auth.organizationId, teamId }, 'YOUTUBE', 'youtubeCategories', {
    regionCode: regionCode ?? 'US',
  });
  const items = categories.map((category) => ({
    kind: 'youtube#videoCategory',
    etag: etagOf(category),
    id: category.id,
    snippet: { title: category.title, assignable: category.assignable, channelId: YOUTUBE_CHANNEL },
  }));
  return c.json({ kind: 'youtube#videoCategoryListResponse', etag: etagOf(items), items }, 200);
});
lookupsRouter.openapi(routes.youtubeRegionsRoute, async (c) => {
  const { teamId } = c.req.valid('query');
  const regions = await lookup(c.var.services, { organizationId: c.var.auth.organizationId, teamId }, 'YOUTUBE', 'youtubeRegions', {});
  const items = regions.map((region) => ({ kind: 'youtube#i18nRegion', etag: etagOf(region), id: region.gl, snippet: region }));
  return c.json({ kind: 'youtube#i18nRegionListResponse', etag: etagOf(items), items }, 200);
});
lookupsRouter.openapi(routes.subredditFlairsRoute, async (c) => {
  const { teamId, subreddit } = c.req.valid('query');
  return c.json(await lookup(c.var.services, { organizationId: c.var.auth.organizationId, teamId }, 'REDDIT', 'subredditFlairs', { subreddit }), 200);
});
lookupsRouter.openapi(routes.subredditRequirementsRoute, async (c) => {
  const { teamId, subreddit } = c.req.valid('query');
  return c.json(await lookup(c.var.services, { organizationId: c.var.auth.organizationId, teamId }, 'REDDIT', 'subredditRequirements', { subreddit }), 200);
});
lookupsRouter.openapi(routes.instagramLocationsRoute, async (c) => {
  const { teamId, q, limit } = c.req.valid('query');
  const items = await lookup(c.var.services, { organizationId: c.var.auth.organizationId, teamId }, 'INSTAGRAM', 'instagramLocations', { q, limit });
  return c.json({ items }, 200);
});
lookupsRouter.openapi(routes.instagramTagsRoute, async (c) => {
  const { teamId, username } = c.req.valid('query');
  const data = await lookup(c.var.services, { organizationId: c.var.auth.organizationId, teamId }, 'INSTAGRAM', 'instagramBusiness', { username });
  return c.json({ exists: data !== null, data }, 200);
});
lookupsRouter.openapi(routes.linkedinTagsRoute, async (c) => {
  const { teamId, q, scope } = c.req.valid('query');
  return c.json(await lookup(c.var.services, { organizationId: c.var.auth.organizationId, teamId }, 'LINKEDIN', 'linkedinMentions', { q, scope }), 200);
});
lookupsRouter.openapi(routes.facebookPagesRoute, async (c) => {
  const { teamId, q, limit } = c.req.valid('query');
  const items = await lookup(c.var.services, { organizationId: c.var.auth.organizationId, teamId }, 'FACEBOOK', 'facebookPages', { q, limit });
  return c.json({ items }, 200);
});
lookupsRouter.openapi(routes.textFormatPresetsRoute, (c) => c.json({ presets: FACEBOOK_TEXT_FORMAT_PRESETS }, 200));
