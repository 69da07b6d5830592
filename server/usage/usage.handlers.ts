import type { SocialAccountType } from '../platforms/platform-types';
import { createRouter } from '../http/create-router';
import { dailyLimits } from './daily-limits.service';
import { dailyLimitsRoute } from './usage.routes';

export const usageRouter = createRouter().openapi(dailyLimitsRoute, async (c) => {
  const { socialAccountId, date } = c.req.valid('query');
  const result = await dailyLimits(c.var.services.db, {
    organizationId: c.var.auth.organizationId,
    socialAccountId,
    date: date ? new Date(date) : new Date(),
  });
  return c.json({ ...result, type: result.type as SocialAccountType }, 200);
});
