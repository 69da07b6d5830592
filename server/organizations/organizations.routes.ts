import { createRoute, z } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonResponse } from '../http/openapi-helpers';
import { TeamSchema } from '../teams/teams.schemas';
import { CreatorSchema, TeamOrganizationSchema } from './organization.schemas';

export const OrganizationSchema = TeamOrganizationSchema.extend({
  createdBy: CreatorSchema,
  teams: z.array(TeamSchema).openapi({
    deprecated: true,
    description: 'Deprecated: removed on 2026-11-15 per the spec; list teams with GET /team',
  }),
}).openapi('Organization');

export const getOrganizationRoute = createRoute({
  method: 'get',
  path: '/organization',
  operationId: 'getOrganization',
  summary: 'Get the organization of the API key',
  tags: ['Organization'],
  security: apiKeySecurity,
  responses: { 200: jsonResponse(OrganizationSchema, 'The organization'), ...errorResponses() },
});
