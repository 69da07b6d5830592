import { createRoute, z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { sandboxMessengerProfiles } from '../db/schema/sandbox';
import { BadRequestError } from '../http/errors';
import { createRouter } from '../http/create-router';
import { apiKeySecurity, errorResponses, jsonResponse } from '../http/openapi-helpers';
import { IdParams } from './sandbox.schemas';
import { sandboxAccount } from './sandbox.service';

const MessengerProfileSchema = z.object({
  items: z.array(z.object({ type: z.string(), config: z.record(z.unknown()), updatedAt: z.string() })),
  total: z.number().int(),
});
MessengerProfileSchema.openapi('SandboxMessengerProfile');

export const messengerProfileRoute = createRoute({
  method: 'get',
  path: '/sandbox/accounts/{id}/messenger-profile',
  operationId: 'sandboxMessengerProfile',
  summary: 'What the sandbox platform shows in the account’s DM screen: ice breakers or the persistent menu, as last synced',
  description: 'Sandbox only (off with SANDBOX=false).',
  tags: ['Sandbox'],
  security: apiKeySecurity,
  request: { params: IdParams },
  responses: { 200: jsonResponse(MessengerProfileSchema, 'What the platform keeps for the page or account'), ...errorResponses(404) },
});

/** The platform's side of provider settings, for tests and the dashboard's "what people see" check. */
export const sandboxMessengerRouter = createRouter();
sandboxMessengerRouter.openapi(messengerProfileRoute, async (c) => {
  const { account } = await sandboxAccount(c.var.services, { organizationId: c.var.auth.organizationId, socialAccountId: c.req.valid('param').id });
  if (!account.externalId) throw new BadRequestError('Select a page first: the platform keeps these per page');
  const rows = await c.var.services.db
    .select()
    .from(sandboxMessengerProfiles)
    .where(and(eq(sandboxMessengerProfiles.platform, account.type), eq(sandboxMessengerProfiles.targetExternalId, account.externalId)));
  const items = rows.map((row) => ({ type: row.type, config: row.config, updatedAt: row.updatedAt.toISOString() }));
  return c.json({ items, total: items.length }, 200);
});
