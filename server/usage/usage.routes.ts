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

const utcDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a UTC day, YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'must be a real date');

/** Long enough for a month view (six weeks) with a day either side for time zones. */
export const MAX_RANGE_DAYS = 62;
const DAY_MS = 86_400_000;

export const DailyLimitsRangeQuery = z
  .object({
    teamId: z.string().min(1).max(64).optional().openapi({ description: 'Every account of this team' }),
    // `socialAccountId=a&socialAccountId=b` or `socialAccountId=a,b`
    socialAccountId: z
      .preprocess((value) => (typeof value === 'string' ? value.split(',') : value), z.array(z.string().min(1).max(64)).min(1).max(100))
      .optional()
      .openapi({ type: 'array', items: { type: 'string' }, description: 'These accounts (repeat the parameter or separate with commas)' }),
    from: utcDate.openapi({ example: '2026-10-26', description: 'First UTC day' }),
    to: utcDate.openapi({ example: '2026-12-07', description: `Last UTC day, included; at most ${MAX_RANGE_DAYS} days after \`from\`` }),
  })
  .strict()
  .refine((query) => query.teamId !== undefined || query.socialAccountId !== undefined, { message: 'Give teamId or socialAccountId', path: ['teamId'] })
  .refine((query) => query.from <= query.to, { message: 'to must not be before from', path: ['to'] })
  .refine((query) => (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS < MAX_RANGE_DAYS, {
    message: `At most ${MAX_RANGE_DAYS} days at once`,
    path: ['to'],
  });

const DayUsageSchema = z
  .object({ date: z.string().openapi({ example: '2026-11-22' }), posts: z.number().int(), comments: z.number().int() })
  .openapi('DailyUsage', { description: 'Posts and comments used on a UTC day' });

export const DailyLimitsRangeSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    items: z.array(
      z.object({
        socialAccountId: z.string(),
        type: AccountTypeSchema,
        limits: z.object({ posts: z.number().int(), comments: z.number().int() }).openapi({ description: 'Per UTC day, for the organization’s plan' }),
        days: z.array(DayUsageSchema).openapi({ description: 'The days of the range on which something was used, in order; other days used nothing' }),
      }),
    ),
  })
  .openapi('DailyLimitsRange');

export const dailyLimitsRangeRoute = createRoute({
  method: 'get',
  path: '/organization/usage/daily-limits/range',
  operationId: 'getDailyLimitsRange',
  summary: 'Daily posts and comments quotas of several social accounts over a span of UTC days',
  description:
    'The range form of `GET /organization/usage/daily-limits`, for a calendar: the accounts of a team and/or those named, each with its daily limits and the days of the range it used some of them. Remaining on a day is its limit minus what that day lists.',
  tags: ['Usage'],
  security: apiKeySecurity,
  request: { query: DailyLimitsRangeQuery },
  responses: { 200: jsonResponse(DailyLimitsRangeSchema, 'Limits and usage per account'), ...errorResponses(404) },
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
