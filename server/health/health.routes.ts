import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../http/create-router';
import { apiKeySecurity, errorResponses, jsonResponse } from '../http/openapi-helpers';
import { SOCIAL_ACCOUNT_TYPES } from '../platforms/platform-types';

const PlatformStatusSchema = z.object({
  status: z.enum(['operational', 'degraded', 'outage', 'maintenance']),
  note: z.string(),
});

const HealthSchema = z
  .object({
    status: z.string().openapi({ example: 'ok' }),
    createdAt: z.string().datetime(),
    note: z.string(),
    platforms: z.record(z.enum(SOCIAL_ACCOUNT_TYPES), PlatformStatusSchema),
  })
  .openapi('Health');

const getHealthRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'getHealth',
  summary: 'Service and per-platform status',
  tags: ['Health'],
  security: apiKeySecurity,
  responses: { 200: jsonResponse(HealthSchema, 'Status'), ...errorResponses() },
});

export const healthRouter = createRouter().openapi(getHealthRoute, async (c) => {
  const { config, db } = c.var.services;
  // A round trip proves the database answers; failures surface as a 500 through onError.
  await db.execute('select 1');
  const note = config.SANDBOX ? 'Platforms are simulated by the built-in sandbox' : '';
  const platforms = Object.fromEntries(
    SOCIAL_ACCOUNT_TYPES.map((type) => [type, { status: 'operational' as const, note: config.SANDBOX ? 'Sandbox' : '' }]),
  ) as Record<(typeof SOCIAL_ACCOUNT_TYPES)[number], { status: 'operational'; note: string }>;
  return c.json({ status: 'ok', createdAt: new Date().toISOString(), note, platforms }, 200);
});
