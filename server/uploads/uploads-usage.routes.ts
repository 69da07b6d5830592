import { createRoute } from '@hono/zod-openapi';
import { createRouter } from '../http/create-router';
import { apiKeySecurity, errorResponses, jsonResponse } from '../http/openapi-helpers';
import { getUploadUsage } from './upload-quota';
import { UploadUsageSchema } from './uploads.schemas';

export const uploadUsageRoute = createRoute({
  method: 'get',
  path: '/organization/usage/uploads',
  operationId: 'getUploadUsage',
  summary: "This month's uploads against the plan's monthly limit",
  description: 'Counted by creation in the UTC calendar month; deleted uploads still count. Limits: FREE 200, PRO 100,000, BUSINESS 1,000,000.',
  tags: ['Usage'],
  security: apiKeySecurity,
  responses: { 200: jsonResponse(UploadUsageSchema, 'Used, limit and remaining this month'), ...errorResponses() },
});

export const uploadUsageRouter = createRouter().openapi(uploadUsageRoute, async (c) => {
  const { used, limit, remaining } = await getUploadUsage(c.var.services.db, c.var.auth.organizationId);
  return c.json({ used, limit, remaining }, 200);
});
