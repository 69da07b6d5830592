import { createRouter } from '../http/create-router';
import { dailyLimits } from './daily-limits.service';
import { getOrganization } from '../organizations/organizations.service';
import { getTeam } from '../teams/teams.service';
import { importUsageReport } from './import-usage';
import { dailyLimitsRangeRoute, dailyLimitsRoute, importUsageRoute } from './usage.routes';
import { dailyLimitsRange } from './daily-limits-range.service';

export const usageRouter = createRouter();
usageRouter.openapi(dailyLimitsRoute, async (c) => {
  const { socialAccountId, date } = c.req.valid('query');
  const result = await dailyLimits(c.var.services.db, {
    organizationId: c.var.auth.organizationId,
    socialAccountId,
    date: date ? new Date(date) : new Date(),
  });
  return c.json(result, 200);
});
usageRouter.openapi(dailyLimitsRangeRoute, async (c) => {
  const { teamId, socialAccountId, from, to } = c.req.valid('query');
  const result = await dailyLimitsRange(c.var.services.db, { organizationId: c.var.auth.organizationId, teamId, socialAccountIds: socialAccountId, from, to });
  return c.json(result, 200);
});
usageRouter.openapi(importUsageRoute, async (c) => {
  const query = c.req.valid('query');
  const { db } = c.var.services;
  const organizationId = c.var.auth.organizationId;
  if (query.teamId) await getTeam(db, { organizationId, id: query.teamId });
  const organization = await getOrganization(db, organizationId);
  return c.json(await importUsageReport(db, { ...query, kind: 'POSTS', organizationId, plan: organization.plan }), 200);
});
