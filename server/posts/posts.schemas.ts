import { z } from '@hono/zod-openapi';
import { POST_STATUSES } from './shared/post-statuses';
import { FIRST_COMMENT_PLATFORMS } from '../platforms/content-rules/first-comment';
import { PostDataSchema } from '../platforms/content-rules/registry';
import { POST_PLATFORMS, type PostPlatform } from '../platforms/platform-types';
import { offsetPaginationQuery } from '../http/pagination';

export const PlatformEnum = z.enum(POST_PLATFORMS);

const dateTime = z.string().datetime({ offset: true }).openapi({ example: '2026-12-01T09:30:00.000Z' });

const FirstCommentSchema = z
  .record(z.enum(FIRST_COMMENT_PLATFORMS), z.string().trim().min(1).max(2200))
  .openapi({ description: 'Per platform, a comment the service posts under the published item' });

const platformsList = z
  .array(PlatformEnum)
  .min(1)
  .refine((list) => new Set(list).size === list.length, { message: 'Each platform may appear once' });

/** Every selected platform needs its options, and options need their platform selected. */
function requireOptionsForPlatforms(
  value: { socialAccountTypes?: PostPlatform[]; data?: Partial<Record<PostPlatform, unknown>>; firstComment?: Partial<Record<string, string>> },
  ctx: z.RefinementCtx,
) {
  if (!value.socialAccountTypes || !value.data) return;
  const selected = new Set<string>(value.socialAccountTypes);
  for (const platform of value.socialAccountTypes) {
    if (!value.data[platform]) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['data', platform], message: `Options for ${platform} are required` });
    }
  }
  for (const platform of Object.keys(value.data)) {
    if (!selected.has(platform)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['data', platform], message: `${platform} is not in socialAccountTypes` });
    }
  }
  for (const platform of Object.keys(value.firstComment ?? {})) {
    if (!selected.has(platform)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['firstComment', platform], message: `${platform} is not in socialAccountTypes` });
    }
  }
}

/**
 * `data.<PLATFORM>: null` means "no options" (the published client sends it for platforms it does
 * not post to): dropped before validation, so it reads as the platform's entry being absent.
 */
const PostDataInput = z.preprocess(
  (value) =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).filter(([, options]) => options !== null)) : value,
  PostDataSchema,
);

export const CreatePostBody = z
  .object({
    teamId: z.string().min(1).max(64),
    title: z.string().trim().min(1).max(200).openapi({ description: 'Internal title, shown in lists and the calendar' }),
    postDate: dateTime.openapi({ description: 'When to publish; a time in the past publishes now' }),
    status: z.enum(['DRAFT', 'SCHEDULED']).default('SCHEDULED'),
    socialAccountTypes: platformsList,
    data: PostDataInput,
    firstComment: FirstCommentSchema.optional(),
    referenceKey: z.string().trim().min(1).max(255).optional().openapi({ description: 'Your own key; unique in the organization' }),
  })
  .strict()
  .superRefine(requireOptionsForPlatforms)
  .openapi('CreatePost');

export const UpdatePostBody = z
  .object({
    title: z.string().trim().min(1).max(200).optional(),
    postDate: dateTime.optional(),
    status: z.enum(['DRAFT', 'SCHEDULED']).optional(),
    socialAccountTypes: platformsList.optional(),
    data: PostDataInput.optional(),
    firstComment: FirstCommentSchema.nullable().optional(),
    referenceKey: z.string().trim().min(1).max(255).nullable().optional(),
  })
  .strict()
  .openapi('UpdatePost');

const orderBy = z.enum(['createdAt', 'updatedAt', 'postDate', 'postedDate', 'deletedAt']);

export const PostListQuery = z
  .object({
    ...offsetPaginationQuery,
    teamId: z.string().min(1).max(64),
    // REVIEW is what the published client may ask for: accepted, and it matches posts only once
    // posts can be in review.
    status: z.enum([...POST_STATUSES, 'REVIEW']).optional(),
    orderBy: orderBy.default('postDate'),
    order: z.enum(['ASC', 'DESC']).default('DESC'),
    q: z.string().trim().max(200).optional().openapi({ description: 'Text search in the title and the platforms’ text' }),
    // `platforms=A&platforms=B` or `platforms=A,B`
    platforms: z
      .preprocess((value) => (typeof value === 'string' ? value.split(',') : value), z.array(PlatformEnum))
      .optional()
      .openapi({ type: 'array', items: { type: 'string' } }),
    postDateFrom: dateTime.optional(),
    postDateTo: dateTime.optional(),
  })
  .strict();

export const PostIdParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' } }),
});
export const ReferenceKeyParams = z.object({
  referenceKey: z
    .string()
    .min(1)
    .max(255)
    .openapi({ param: { name: 'referenceKey', in: 'path' } }),
});

const ErrorVerboseSchema = z.object({
  code: z.string(),
  errorMessage: z.string(),
  isTransient: z.boolean(),
  retryability: z.enum(['retryable', 'non_retryable', 'unknown']),
  httpStatus: z.number().nullable(),
  meta: z.record(z.unknown()).nullable(),
  userFacingMessage: z.string(),
});

const MediaAdviceSchema = z
  .object({
    path: z.array(z.union([z.string(), z.number()])).openapi({ description: 'Where the file sits inside `data.<PLATFORM>`' }),
    uploadId: z.string(),
    kind: z.enum(['convert', 'crop']),
    message: z.string(),
    crop: z.object({ left: z.number().int(), top: z.number().int(), width: z.number().int(), height: z.number().int() }).optional(),
    applied: z.boolean().openapi({ description: 'Done at publish as the post stands; false: offered (set `autoCropImage` to accept the crop)' }),
  })
  .openapi('MediaAdvice');

export const PostSchema = z
  .object({
    id: z.string(),
    teamId: z.string(),
    organizationId: z.string(),
    title: z.string(),
    postDate: z.string().datetime(),
    postedDate: z.string().datetime().nullable(),
    status: z.enum(POST_STATUSES),
    socialAccountTypes: z.array(PlatformEnum),
    data: z.record(z.record(z.unknown())),
    firstComment: z.record(z.string()).nullable(),
    referenceKey: z.string().nullable(),
    retryCount: z.number().int(),
    error: z.string().nullable(),
    errors: z.record(z.string()),
    errorsVerbose: z.record(ErrorVerboseSchema),
    externalData: z.record(z.record(z.string())),
    mediaWarnings: z.record(z.array(MediaAdviceSchema)).openapi({
      description:
        'Per platform, what publishing does to media the platform would refuse as uploaded (a PNG for Instagram is converted to JPEG; the upload is kept), ' +
        "and pictures outside the platform's aspect ratios with the centered crop that fits (applied when `autoCropImage` is set). Warnings, never errors.",
    }),
    uploads: z.array(
      z.object({
        postId: z.string(),
        uploadId: z.string(),
        createdAt: z.string().datetime(),
        updatedAt: z.string().datetime(),
        deletedAt: z.string().datetime().nullable(),
        upload: z.record(z.unknown()),
      }),
    ),
    socialAccounts: z.array(
      z.object({
        postId: z.string(),
        socialAccountId: z.string(),
        createdAt: z.string().datetime(),
        updatedAt: z.string().datetime(),
        deletedAt: z.string().datetime().nullable(),
        socialAccount: z.record(z.unknown()),
      }),
    ),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
    deletedAt: z.string().datetime().nullable(),
  })
  .openapi('Post');

export const PostListSchema = z.object({ items: z.array(PostSchema), total: z.number().int() }).openapi('PostList');
export const UsageSchema = z.object({ used: z.number().int(), limit: z.number().int(), remaining: z.number().int() }).openapi('Usage');
