import { z } from '@hono/zod-openapi';
import { offsetPaginationQuery } from '../http/pagination';
import { POST_PLATFORMS } from '../platforms/platform-types';
import { COMMENT_ACTIONS, COMMENT_PLATFORMS, COMMENT_STATUSES, IMPORT_PLATFORMS, IMPORT_STATUSES } from './shared/comment-statuses';

/** Every platform is accepted by the schema so that an unsupported one gets a clear answer, not a bare enum error. */
const AnyPlatform = z.enum(POST_PLATFORMS);
export const CommentPlatformEnum = z.enum(COMMENT_PLATFORMS);
export const ImportPlatformEnum = z.enum(IMPORT_PLATFORMS);

const id = z.string().min(1).max(64);
const dateTime = z.string().datetime({ offset: true }).openapi({ example: '2026-12-01T09:30:00.000Z' });

const PlatformText = z
  .object({ text: z.string().max(10_000).nullable().optional() })
  .strict()
  .nullable();
const CommentData = z.record(AnyPlatform, PlatformText).openapi({ description: '`data.<PLATFORM>.text`: the comment per platform' });

const commentFields = {
  title: z.string().trim().min(1).max(200).optional(),
  internalPostId: id.optional().openapi({ description: 'A post published through the service' }),
  importedPostId: id.optional().openapi({ description: 'A post imported from the platform (history import)' }),
  internalParentCommentId: id.nullable().optional().openapi({ description: 'Reply to a comment published through the service' }),
  fetchedParentCommentId: id.nullable().optional().openapi({ description: 'Reply to a fetched (imported or received) comment' }),
  postDate: dateTime.optional().openapi({ description: 'When to publish; default now' }),
  status: z.enum(['DRAFT', 'SCHEDULED']).optional(),
  socialAccountTypes: z
    .array(AnyPlatform)
    .min(1)
    .refine((list) => new Set(list).size === list.length, { message: 'Each platform may appear once' })
    .optional(),
  data: CommentData.optional(),
  text: z.string().trim().min(1).max(10_000).optional().openapi({ description: 'The text for every platform without its own `data.<PLATFORM>.text`' }),
};

export const CreateCommentBody = z
  .object({ teamId: id, ...commentFields })
  .strict()
  .openapi('CreateComment');

export const UpdateCommentBody = z.object(commentFields).strict().openapi('UpdateComment');

export const CommentIdParams = z.object({ id: id.openapi({ param: { name: 'id', in: 'path' } }) });

const platformsQuery = z
  .preprocess((value) => (typeof value === 'string' ? value.split(',') : value), z.array(CommentPlatformEnum))
  .optional()
  .openapi({ type: 'array', items: { type: 'string', enum: [...COMMENT_PLATFORMS] } });

export const CommentListQuery = z
  .object({
    ...offsetPaginationQuery,
    teamId: id,
    postId: id.optional(),
    importedPostId: id.optional(),
    status: z.enum(COMMENT_STATUSES).optional(),
    orderBy: z.enum(['createdAt', 'updatedAt', 'deletedAt']).default('createdAt'),
    order: z.enum(['ASC', 'DESC']).default('DESC'),
    q: z.string().trim().max(200).optional(),
    platforms: platformsQuery,
  })
  .strict();

const ErrorVerboseSchema = z.object({
  code: z.string(),
  errorMessage: z.string(),
  isTransient: z.boolean(),
  retryability: z.enum(['retryable', 'non_retryable', 'unknown']),
  httpStatus: z.number().nullable(),
  meta: z.record(z.unknown()).nullable(),
  userFacingMessage: z.string(),
});

export const CommentSchema = z
  .object({
    id: z.string(),
    teamId: z.string(),
    organizationId: z.string(),
    internalPostId: z.string().nullable(),
    importedPostId: z.string().nullable(),
    internalParentCommentId: z.string().nullable(),
    fetchedParentCommentId: z.string().nullable(),
    title: z.string(),
    postDate: z.string().datetime(),
    postedDate: z.string().datetime().nullable(),
    status: z.enum(COMMENT_STATUSES),
    socialAccountTypes: z.array(CommentPlatformEnum),
    data: z.record(z.object({ text: z.string().nullable().optional() })),
    error: z.string().nullable(),
    errors: z.record(z.string()),
    errorsVerbose: z.record(ErrorVerboseSchema),
    externalData: z.record(z.record(z.string())),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
    deletedAt: z.string().datetime().nullable(),
  })
  .openapi('Comment');

export const CommentListSchema = z.object({ items: z.array(CommentSchema), total: z.number().int() }).openapi('CommentList');

export const CommentImportSchema = z
  .object({
    id: z.string(),
    teamId: z.string(),
    organizationId: z.string(),
    socialAccountId: z.string(),
    postId: z.string(),
    importedPostId: z.string().nullable(),
    platform: ImportPlatformEnum,
    status: z.enum(IMPORT_STATUSES),
    commentsImported: z.number().int(),
    error: z.string().nullable(),
    rateLimitResetAt: z.string().datetime().nullable(),
    startedAt: z.string().datetime().nullable(),
    completedAt: z.string().datetime().nullable(),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .openapi('CommentImport');

export const CreateCommentImportBody = z
  .object({ teamId: id, postId: id.optional(), importedPostId: id.optional(), socialAccountType: AnyPlatform })
  .strict()
  .refine((body) => (body.postId ? 1 : 0) + (body.importedPostId ? 1 : 0) === 1, { message: 'Give exactly one of postId and importedPostId', path: ['postId'] })
  .openapi('CreateCommentImport');

export const CommentImportListQuery = z
  .object({ ...offsetPaginationQuery, teamId: id, postId: id.optional(), importedPostId: id.optional(), status: z.enum(IMPORT_STATUSES).optional() })
  .strict();

export const CommentImportListSchema = z.object({ imports: z.array(CommentImportSchema), total: z.number().int() }).openapi('CommentImportList');

export const ImportIdParams = z.object({ importId: id.openapi({ param: { name: 'importId', in: 'path' } }) });

export const FetchedCommentsQuery = z
  .object({
    ...offsetPaginationQuery,
    teamId: id,
    postId: id.optional(),
    importedPostId: id.optional(),
    platform: ImportPlatformEnum.optional(),
    socialAccountId: id.optional(),
  })
  .strict()
  .refine((query) => (query.postId ? 1 : 0) + (query.importedPostId ? 1 : 0) === 1, {
    message: 'Give exactly one of postId and importedPostId',
    path: ['postId'],
  });

export const FetchedCommentSchema = z
  .object({
    id: z.string(),
    teamId: z.string(),
    organizationId: z.string(),
    postId: z.string(),
    importedPostId: z.string().nullable(),
    socialAccountId: z.string(),
    importId: z.string(),
    platform: ImportPlatformEnum,
    externalId: z.string(),
    externalParentId: z.string().nullable(),
    externalPostId: z.string().nullable(),
    authorName: z.string().nullable(),
    authorExternalId: z.string().nullable(),
    authorProfileUrl: z.string().nullable(),
    authorAvatarUrl: z.string().nullable(),
    text: z.string().nullable(),
    likesCount: z.number().int(),
    repliesCount: z.number().int(),
    platformData: z.object({
      canDelete: z.boolean(),
      canHide: z.boolean(),
      canLike: z.boolean(),
      canModerate: z.boolean(),
      hidden: z.boolean(),
      likedByMe: z.boolean(),
      owner: z.boolean(),
      moderationStatus: z.string().nullable(),
    }),
    publishedAt: z.string().datetime().nullable(),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
    deletedAt: z.string().datetime().nullable(),
  })
  .openapi('FetchedComment');

export const FetchedCommentListSchema = z.object({ items: z.array(FetchedCommentSchema), total: z.number().int() }).openapi('FetchedCommentList');

export const CommentActionParams = z.object({ commentId: id.openapi({ param: { name: 'commentId', in: 'path' } }) });

export const CommentActionBody = z
  .object({
    teamId: id,
    action: z.enum(COMMENT_ACTIONS),
    reason: z.string().max(1000).optional(),
    banAuthor: z.boolean().optional().openapi({ description: 'Not offered by the supported platforms’ APIs; `true` is refused' }),
  })
  .strict()
  .openapi('CommentAction');

export const CommentActionResultSchema = z.object({ success: z.boolean(), item: FetchedCommentSchema }).openapi('CommentActionResult');
