import { z } from '@hono/zod-openapi';
import { PostAnalyticsItemSchema, ProfilePostSchema } from '../analytics/analytics.schemas';
import { HISTORY_MEDIA_TYPES, HISTORY_SURFACES, POST_HISTORY_STATUSES } from '../db/schema/post-history';
import { MAX_OFFSET } from '../http/pagination';

/** Platforms whose post history can be imported (the spec's list; `TWITTER` billed per post read). */
export const HISTORY_PLATFORMS = [
  'FACEBOOK',
  'INSTAGRAM',
  'THREADS',
  'TIKTOK',
  'YOUTUBE',
  'LINKEDIN',
  'PINTEREST',
  'REDDIT',
  'MASTODON',
  'BLUESKY',
  'TWITTER',
] as const;
export type HistoryPlatform = (typeof HISTORY_PLATFORMS)[number];

/** A single request imports at most this many new posts. */
export const MAX_HISTORY_REQUEST = 100;

const id = z.string().min(1).max(64);
const stamp = z.string().nullable();

export const HistoryPlatformSchema = z.enum(HISTORY_PLATFORMS).openapi('PostHistoryPlatform');
export const HistorySurfaceSchema = z.enum(HISTORY_SURFACES).openapi('PostHistorySurface');
export const HistoryMediaTypeSchema = z.enum(HISTORY_MEDIA_TYPES).openapi('PostHistoryMediaType');

export const CreatePostHistoryImportBody = z
  .object({
    teamId: id,
    socialAccountType: HistoryPlatformSchema,
    count: z
      .number()
      .int()
      .min(1)
      .max(MAX_HISTORY_REQUEST)
      .openapi({ description: 'New posts to import (already imported ones are refreshed and not counted)' }),
    withAnalytics: z.boolean().default(true).openapi({ description: 'Take an initial analytics snapshot of each imported post' }),
    importCarousels: z.boolean().default(false).openapi({ description: 'Expand carousel children into `extraData.media[]`' }),
    surface: HistorySurfaceSchema.default('ALL'),
    mediaType: HistoryMediaTypeSchema.optional(),
    onlyLatest: z.boolean().default(false).openapi({ description: 'Check only the latest `count` posts and import the new ones among them' }),
  })
  .strict()
  .openapi('CreatePostHistoryImport');

export const PostHistoryImportSchema = z
  .object({
    id: z.string(),
    teamId: z.string(),
    socialAccountId: z.string(),
    requestedCount: z.number().int(),
    withAnalytics: z.boolean(),
    importCarousels: z.boolean(),
    onlyLatest: z.boolean(),
    surface: HistorySurfaceSchema.nullable(),
    mediaType: HistoryMediaTypeSchema.nullable(),
    status: z.enum(POST_HISTORY_STATUSES),
    postsImported: z.number().int(),
    postsRefreshed: z.number().int().openapi({ description: 'Already imported posts met on the way: refreshed (permalink, extraData), not counted' }),
    analyticsImported: z.number().int(),
    error: z.string().nullable(),
    rateLimitResetAt: stamp,
    startedAt: stamp,
    completedAt: stamp,
    createdAt: stamp,
    updatedAt: stamp,
    deletedAt: stamp,
  })
  .openapi('PostHistoryImport');

export const PostHistoryImportListQuery = z.object({ teamId: id, socialAccountType: HistoryPlatformSchema.optional() }).strict();

export const PostHistoryImportListSchema = z.object({ imports: z.array(PostHistoryImportSchema) }).openapi('PostHistoryImportList');

export const ImportIdParams = z.object({ importId: id.openapi({ param: { name: 'importId', in: 'path' } }) });

export const RetryPostHistoryImportBody = z.object({ teamId: id }).strict().openapi('RetryPostHistoryImport');

export const ImportedPostsQuery = z
  .object({
    teamId: id,
    socialAccountType: HistoryPlatformSchema,
    limit: z.coerce.number().int().min(1).max(100).default(50),
    offset: z.coerce.number().int().min(0).max(MAX_OFFSET).default(0),
  })
  .strict();

export const ImportedPostSchema = ProfilePostSchema.extend({
  contentType: z.string().nullable().openapi({ description: '`SHORTS`, `VIDEO`, `REEL`, `CAROUSEL`, `IMAGE`, `STORY` or `TEXT`' }),
  isShort: z.boolean(),
  analytics: z.array(PostAnalyticsItemSchema).openapi({ description: 'Snapshots, oldest first' }),
}).openapi('ImportedPost');

export const ImportedPostListSchema = z
  .object({
    posts: z.array(ImportedPostSchema),
    total: z.number().int(),
    limit: z.number().int().openapi({ description: "The account's monthly post import limit" }),
    remainingCapacity: z.number().int().openapi({ description: 'Posts the account can still import this month (UTC)' }),
  })
  .openapi('ImportedPostList');

export const DeleteImportedPostsBody = z
  .object({ teamId: id, postIds: z.array(id).min(1).max(100) })
  .strict()
  .openapi('DeleteImportedPosts');

export const DeleteImportedPostsResultSchema = z.object({ deletedCount: z.number().int() }).openapi('DeleteImportedPostsResult');
