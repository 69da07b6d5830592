import { createRouter } from '../http/create-router';
import { toTeamDto } from '../teams/teams.service';
import { getOrganizationRoute } from './organizations.routes';
import { getOrganizationWithTeams, toOrganizationDto } from './organizations.service';

export const organizationsRouter = createRouter().openapi(getOrganizationRoute, async (c) => {
  const { organization, teams } = await getOrganizationWithTeams(c.var.services.db, c.var.auth.organizationId);
  return c.json({ ...toOrganizationDto(organization), teams: teams.map((team) => toTeamDto(team)) }, 200);
});
