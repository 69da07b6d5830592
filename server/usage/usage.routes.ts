import { createRoute, z } from '@hono/zod-openapi';
import { AccountTypeSchema } from '../accounts/accounts.schemas';
import { apiKeySecurity, errorResponses, jsonResponse } from '../http/openapi-helpers';

const QuotaSchema = z.object({ used: z.number().int(), limit: z.number().int(), remaining: z.number().int() }).openapi('DailyQuota');

export const DailyLimitsSchema = z
  .object({
    date: z.string().openapi({ example: '2026-11-22', description: 'The UTC day' }),
    socialAccountId: z.string(),
    type: AccountTypeSchema,
    posts: QuotaSchema,
    comments: QuotaSchema,
  })
  .openapi('DailyLimits');

export const DailyLimitsQuery = z
  .object({
    socialAccountId: z.string().min(1).max(64),
    date: z
      .string()
      .max(64)
      .refine((value) => !Number.isNaN(Date.parse(value)), 'must be a parseable date')
      .optional()
      .openapi({ example: '2026-11-22', description: 'Any parseable date; its UTC day is used (default today)' }),
  })
  .strict();

export const dailyLimitsRoute = createRoute({
  method: 'get',
  path: '/organization/usage/daily-limits',
  operationId: 'getDailyLimits',
  summary: "A social account's posts and comments quota for a UTC day",
  description: 'The quota follows the real platform account: the same account connected in several teams shares it.',
  tags: ['Usage'],
  security: apiKeySecurity,
  request: { query: DailyLimitsQuery },
  responses: { 200: jsonResponse(DailyLimitsSchema, 'Used, limit and remaining for the day'), ...errorResponses(404) },
});

export const ImportUsageQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    teamId: z.string().min(1).max(64).optional(),
    socialAccountType: AccountTypeSchema.optional(),
    socialAccountId: z.string().min(1).max(64).optional(),
  })
  .strict();

export const ImportUsageSchema = z
  .object({
    limitPerSocialAccount: z.number().int(),
    socialAccounts: z.array(
      z.object({
        id: z.string(),
        type: z.string(),
        username: z.string().nullable(),
        displayName: z.string().nullable(),
        used: z.number().int(),
        limit: z.number().int(),
        remaining: z.number().int(),
      }),
    ),
    pagination: z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int(), totalPages: z.number().int() }),
  })
  .openapi('ImportUsage');

export const importUsageRoute = createRoute({
  method: 'get',
  path: '/organization/usage/imports',
  operationId: 'getImportsUsage',
  summary: 'Imports used this UTC month per social account, against the monthly limit per account (paged)',
  description: 'Post history import: FREE 5, PRO 100, BUSINESS 500 posts per account per month. Usage follows the real platform account.',
  tags: ['Usage'],
  security: apiKeySecurity,
  request: { query: ImportUsageQuery },
  responses: { 200: jsonResponse(ImportUsageSchema, 'Usage per social account'), ...errorResponses(404) },
});
