import { createRouter } from '../http/create-router';
import { customReviewImportLimit } from '../reviews/review-quota';
import { toTeamDto } from '../teams/teams.service';
import { getOrganizationRoute } from './organizations.routes';
import { getOrganizationWithTeams, toOrganizationDto } from './organizations.service';

export const organizationsRouter = createRouter();
organizationsRouter.openapi(getOrganizationRoute, async (c) => {
  const { db } = c.var.services;
  const [{ organization, teams }, reviewLimit] = await Promise.all([
    getOrganizationWithTeams(db, c.var.auth.organizationId),
    customReviewImportLimit(db, c.var.auth.organizationId),
  ]);
  return c.json(
    {
      ...toOrganizationDto(organization),
      dailyPostLimit: null,
      dailyCommentLimit: null,
      monthlyImportLimitPerAccount: null,
      commentImportLimitPerPost: null,
      monthlyReviewImportLimitPerAccount: reviewLimit,
      teams: teams.map((team) => toTeamDto(team)),
    },
    200,
  );
});
