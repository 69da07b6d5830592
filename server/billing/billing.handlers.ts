import { getTeam } from '../teams/teams.service';
import { createRouter } from '../http/create-router';
import { creditBalanceRoute, deleteXCommentRoute, quoteRoute, retweetRoute, undoRetweetRoute } from './billing.routes';
import { getBalance } from './credits.service';
import { deleteXComment, setRetweet } from './metered-x-actions';
import { quoteLines, toCents } from './prices';

export const billingRouter = createRouter();
billingRouter.openapi(creditBalanceRoute, async (c) => c.json(await getBalance(c.var.services.db, c.var.auth.organizationId), 200));
billingRouter.openapi(quoteRoute, async (c) => {
  const { db } = c.var.services;
  const body = c.req.valid('json');
  await getTeam(db, { organizationId: c.var.auth.organizationId, id: body.teamId });
  const lines = quoteLines(body);
  const totalMicros = lines.reduce((sum, line) => sum + line.amountMicros, 0);
  const { availableMicros, availableCents } = await getBalance(db, c.var.auth.organizationId);
  return c.json(
    {
      billable: totalMicros > 0,
      lines,
      totalMicros,
      totalCents: toCents(totalMicros),
      currency: 'usd' as const,
      availableMicros,
      availableCents,
      wouldExceedBalance: totalMicros > availableMicros,
    },
    200,
  );
});
billingRouter.openapi(retweetRoute, async (c) => {
  const body = c.req.valid('json');
  return c.json(await setRetweet(c.var.services, { organizationId: c.var.auth.organizationId, ...body, retweeted: true }), 200);
});
billingRouter.openapi(undoRetweetRoute, async (c) => {
  const body = c.req.valid('json');
  return c.json(await setRetweet(c.var.services, { organizationId: c.var.auth.organizationId, ...body, retweeted: false }), 200);
});
billingRouter.openapi(deleteXCommentRoute, async (c) => {
  const body = c.req.valid('json');
  return c.json(await deleteXComment(c.var.services, { organizationId: c.var.auth.organizationId, ...body }), 200);
});
