import { createRouter } from '../http/create-router';
import { serializedJson } from '../http/serialized-json';
import { listTeamAccounts } from '../accounts/accounts.service';
import * as routes from './teams.routes';
import { createTeam, deleteTeam, getTeam, listTeams, toTeamDto, updateTeam } from './teams.service';

export const teamsRouter = createRouter();
teamsRouter.openapi(routes.listTeamsRoute, async (c) => {
  const query = c.req.valid('query');
  // c.get, not c.var: the hottest route skips building the variables object twice per request.
  const { organizationId } = c.get('auth');
  const { cache, db } = c.get('services');
  const cacheKey = `${query.offset}|${query.limit}|${query.search ?? ''}`;
  // The serialized page is what is cached: the hottest list skips JSON encoding as well.
  // A hit answers without awaiting anything: each await is a turn of the event loop's queue.
  const body =
    cache.teamLists.get(organizationId, cacheKey) ??
    (await cache.teamLists.getOrLoad(organizationId, cacheKey, async () => {
      const { items, total } = await listTeams(db, { ...query, organizationId });
      return JSON.stringify({ items: items.map((team) => toTeamDto(team)), total });
    }));
  return serializedJson(c, body);
});
teamsRouter.openapi(routes.getTeamRoute, async (c) => {
  const team = await getTeam(c.var.services.db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id });
  const socialAccounts = await listTeamAccounts(c.var.services.db, { organizationId: team.organizationId, teamId: team.id });
  return c.json({ ...toTeamDto(team), socialAccounts }, 200);
});
teamsRouter.openapi(routes.createTeamRoute, async (c) => {
  const { name, avatarUrl } = c.req.valid('json');
  const team = await createTeam(c.var.services.db, {
    organizationId: c.var.auth.organizationId,
    name,
    avatarUrl,
    createdById: c.var.auth.userId ?? null,
  });
  c.var.services.cache.drop('teams', team.organizationId);
  return c.json(toTeamDto(team), 200);
});
teamsRouter.openapi(routes.updateTeamRoute, async (c) => {
  const team = await updateTeam(c.var.services.db, {
    organizationId: c.var.auth.organizationId,
    id: c.req.valid('param').id,
    changes: c.req.valid('json'),
  });
  c.var.services.cache.drop('teams', team.organizationId);
  return c.json(toTeamDto(team), 200);
});
teamsRouter.openapi(routes.deleteTeamRoute, async (c) => {
  const deleted = await deleteTeam(c.var.services.db, {
    organizationId: c.var.auth.organizationId,
    id: c.req.valid('param').id,
  });
  c.var.services.cache.drop('teams', deleted.organizationId);
  return c.json(deleted, 200);
});
