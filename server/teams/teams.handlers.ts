import { createRouter } from '../http/create-router';
import { serializedJson } from '../http/serialized-json';
import { actingUserId } from '../organizations/creators';
import * as routes from './teams.routes';
import { teamView, teamViews } from './team-view';
import { createTeam, deleteTeam, getTeam, listTeams, updateTeam } from './teams.service';

export const teamsRouter = createRouter();
teamsRouter.openapi(routes.listTeamsRoute, async (c) => {
  const query = c.req.valid('query');
  // c.get, not c.var: the hottest route skips building the variables object twice per request.
  const { organizationId } = c.get('auth');
  const { cache, db } = c.get('services');
  const cacheKey = `${query.offset}|${query.limit}|${query.search ?? ''}`;
  // The serialized page is what is cached: the hottest list skips JSON encoding as well.
  // A hit answers without awaiting anything: each await is a turn of the event loop's queue.
  // Account and team changes drop it (their events do, see recordEvents).
  const body =
    cache.teamLists.get(organizationId, cacheKey) ??
    (await cache.teamLists.getOrLoad(organizationId, cacheKey, async () => {
      const { items, total } = await listTeams(db, { ...query, organizationId });
      return JSON.stringify({ items: await teamViews(db, organizationId, items), total });
    }));
  return serializedJson(c, body);
});
teamsRouter.openapi(routes.getTeamRoute, async (c) => {
  const team = await getTeam(c.var.services.db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id });
  return c.json(await teamView(c.var.services.db, team), 200);
});
teamsRouter.openapi(routes.createTeamRoute, async (c) => {
  const { name, avatarUrl } = c.req.valid('json');
  const { db } = c.var.services;
  const team = await createTeam(db, {
    organizationId: c.var.auth.organizationId,
    name,
    avatarUrl,
    actingUserId: await actingUserId(db, c.var.auth),
  });
  c.var.services.cache.drop('teams', team.organizationId);
  return c.json(team, 200);
});
teamsRouter.openapi(routes.updateTeamRoute, async (c) => {
  const team = await updateTeam(c.var.services.db, {
    organizationId: c.var.auth.organizationId,
    id: c.req.valid('param').id,
    changes: c.req.valid('json'),
  });
  c.var.services.cache.drop('teams', team.organizationId);
  return c.json(team, 200);
});
teamsRouter.openapi(routes.deleteTeamRoute, async (c) => {
  const deleted = await deleteTeam(c.var.services.db, {
    organizationId: c.var.auth.organizationId,
    id: c.req.valid('param').id,
  });
  c.var.services.cache.drop('teams', deleted.organizationId);
  return c.json(deleted, 200);
});
