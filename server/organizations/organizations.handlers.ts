import { createRouter } from '../http/create-router';
import { customReviewImportLimit } from '../reviews/review-quota';
import { organizationDtoWithCreator, organizationWithCreator, toTeamDto } from '../teams/team-view';
import { getOrganizationRoute } from './organizations.routes';
import { getOrganizationWithTeams } from './organizations.service';
import { toCreatorDto } from './creators';

export const organizationsRouter = createRouter();
organizationsRouter.openapi(getOrganizationRoute, async (c) => {
  const { db } = c.var.services;
  const organizationId = c.var.auth.organizationId;
  const [{ teams }, { organization, creator }, reviewLimit] = await Promise.all([
    getOrganizationWithTeams(db, organizationId),
    organizationWithCreator(db, organizationId),
    customReviewImportLimit(db, organizationId),
  ]);
  return c.json(
    {
      ...organizationDtoWithCreator(organization, creator),
      createdBy: toCreatorDto(creator),
      dailyPostLimit: null,
      dailyCommentLimit: null,
      monthlyImportLimitPerAccount: null,
      commentImportLimitPerPost: null,
      monthlyReviewImportLimitPerAccount: reviewLimit,
      // A team made before creators were recorded reads as the organization's.
      teams: teams.map((team) => ({ ...toTeamDto(team), createdById: team.createdById ?? creator.id })),
    },
    200,
  );
});
