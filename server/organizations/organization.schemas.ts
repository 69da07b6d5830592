import { z } from '@hono/zod-openapi';

/** A user as the published client declares a creator (`createdBy`). */
export const CreatorSchema = z
  .object({
    id: z.string(),
    externalId: z.string(),
    email: z.string(),
    emailVerified: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    timezone: z.string().nullable(),
    role: z.enum(['ADMIN', 'CUSTOMER']),
    createdAt: z.string().datetime().nullable(),
    updatedAt: z.string().datetime().nullable(),
    deletedAt: z.string().datetime().nullable(),
  })
  .openapi('Creator');

/** The organization's own fields: what `GET /organization` returns and every team carries. */
export const TeamOrganizationSchema = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    createdById: z.string().openapi({ description: 'Its first user, or its system user while it has none' }),
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
  })
  .openapi('TeamOrganization');
