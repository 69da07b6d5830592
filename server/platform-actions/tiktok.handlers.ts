import { createRouter } from '../http/create-router';
import { lookup } from './lookups.service';
import * as routes from './tiktok.routes';

export const tiktokLookupsRouter = createRouter();
tiktokLookupsRouter.openapi(routes.tiktokCmlTrendingListRoute, async (c) => {
  const { teamId, genre, dateRange } = c.req.valid('query');
  return c.json(
    await lookup(c.var.services, { organizationId: c.var.auth.organizationId, teamId }, 'TIKTOK', 'tiktokTrendingMusic', { genre, dateRange }),
    200,
  );
});
tiktokLookupsRouter.openapi(routes.tiktokCreatorInfoRoute, async (c) => {
  const { teamId } = c.req.valid('query');
  return c.json(await lookup(c.var.services, { organizationId: c.var.auth.organizationId, teamId }, 'TIKTOK', 'tiktokCreatorInfo', {}), 200);
});
