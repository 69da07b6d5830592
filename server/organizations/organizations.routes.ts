import { createRoute, z } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonResponse } from '../http/openapi-helpers';
import { TeamSchema } from '../teams/teams.schemas';

export const OrganizationSchema = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    createdById: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    plan: z.enum(['FREE', 'PRO', 'BUSINESS']),
    dmsEnabled: z.boolean(),
    automationsEnabled: z.boolean(),
    commentImportEnabled: z
      .boolean()
      .openapi({ description: 'Comments on posts published through the service are collected; TikTok comment automations need it' }),
    apiAccess: z.boolean(),
    analyticsDisabled: z.boolean(),
    analyticsPostsDisabled: z.boolean(),
    analyticsInterval: z.number().int().nullable().openapi({ description: 'Hours between background account analytics refreshes; null: the default (24)' }),
    analyticsPostsInterval: z.number().int().nullable().openapi({ description: 'Hours between background post analytics refreshes; null: the default (24)' }),
    uploadsCompressionEnabled: z.boolean(),
    showVerboseErrors: z.boolean(),
    disconnectCheckEnabled: z.boolean(),
    deleteAccountAfter: z.number().int().min(0).max(168),
    // The organization's custom limits, set by the operator; null means the plan's.
    dailyPostLimit: z.record(z.string(), z.number()).nullable().optional(),
    dailyCommentLimit: z.record(z.string(), z.number()).nullable().optional(),
    monthlyImportLimitPerAccount: z.number().nullable().optional(),
    commentImportLimitPerPost: z.number().nullable().optional(),
    monthlyReviewImportLimitPerAccount: z.number().nullable().optional().openapi({
      description: "Custom monthly limit of reviews or recommendations imported per account (operator CLI `review-limits`); null: the plan's",
    }),
    createdAt: z.string().datetime().nullable(),
    updatedAt: z.string().datetime().nullable(),
    deletedAt: z.string().datetime().nullable(),
    teams: z.array(TeamSchema).openapi({
      deprecated: true,
      description: 'Deprecated: removed on 2026-11-15 per the spec; list teams with GET /team',
    }),
  })
  .openapi('Organization');

export const getOrganizationRoute = createRoute({
  method: 'get',
  path: '/organization',
  operationId: 'getOrganization',
  summary: 'Get the organization of the API key',
  tags: ['Organization'],
  security: apiKeySecurity,
  responses: { 200: jsonResponse(OrganizationSchema, 'The organization'), ...errorResponses() },
});
