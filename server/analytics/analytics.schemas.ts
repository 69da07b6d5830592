import { z } from '@hono/zod-openapi';
import { SocialAccountSchema } from '../accounts/accounts.schemas';
import { PostSchema } from '../posts/posts.schemas';

/** Platforms with analytics: the outline's list plus `TWITTER`, which the published client also sends. */
export const ANALYTICS_PLATFORMS = [
  'TIKTOK',
  'YOUTUBE',
  'INSTAGRAM',
  'FACEBOOK',
  'THREADS',
  'REDDIT',
  'PINTEREST',
  'MASTODON',
  'LINKEDIN',
  'BLUESKY',
  'GOOGLE_BUSINESS',
  'TWITTER',
] as const;
export type AnalyticsPlatform = (typeof ANALYTICS_PLATFORMS)[number];

export const AnalyticsPlatformSchema = z.enum(ANALYTICS_PLATFORMS).openapi('AnalyticsPlatformType');

const id = z.string().min(1).max(64);
const stamp = z.string().datetime().nullable();

export const AccountAnalyticsItemSchema = z
  .object({
    id: z.string(),
    socialAccountId: z.string(),
    impressions: z.number().int(),
    impressionsUnique: z.number().int(),
    views: z.number().int(),
    viewsUnique: z.number().int(),
    likes: z.number().int(),
    comments: z.number().int(),
    postCount: z.number().int(),
    followers: z.number().int(),
    following: z.number().int(),
    forced: z.boolean(),
    createdAt: stamp,
    updatedAt: stamp,
    deletedAt: stamp,
  })
  .openapi('SocialAccountAnalytics');

export const PostAnalyticsItemSchema = z
  .object({
    id: z.string(),
    profilePostId: z.string(),
    impressions: z.number().int(),
    impressionsUnique: z.number().int(),
    views: z.number().int(),
    viewsUnique: z.number().int(),
    likes: z.number().int(),
    dislikes: z.number().int(),
    comments: z.number().int(),
    shares: z.number().int(),
    saves: z.number().int(),
    raw: z.record(z.unknown()).nullable(),
    forced: z.boolean(),
    createdAt: stamp,
    updatedAt: stamp,
    deletedAt: stamp,
  })
  .openapi('PostAnalytics');

const rawItem = {
  id: z.string(),
  analyticsId: z.string().nullable(),
  raw: z.record(z.unknown()).nullable(),
  forced: z.boolean(),
  createdAt: stamp,
  updatedAt: stamp,
  deletedAt: stamp,
};

export const ProfilePostSchema = z
  .object({
    id: z.string(),
    socialAccountId: z.string(),
    postId: z.string().nullable(),
    externalId: z.string().nullable(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    smallThumbnail: z.string().nullable(),
    thumbnail: z.string().nullable(),
    permalink: z.string().nullable(),
    extraData: z.record(z.unknown()).nullable(),
    subreddit: z.string().nullable(),
    publishedAt: stamp,
    type: z.enum(['POST', 'REEL', 'STORY', 'VIDEO', 'IMAGE']),
    internal: z.boolean(),
    importedAt: stamp,
    externallyDeletedAt: stamp,
    createdAt: stamp,
    updatedAt: stamp,
    deletedAt: stamp,
  })
  .openapi('ProfilePost');

export const AccountAnalyticsSchema = z
  .object({ socialAccount: SocialAccountSchema, items: z.array(AccountAnalyticsItemSchema).openapi({ description: 'Snapshots, oldest first' }) })
  .openapi('SocialAccountAnalyticsHistory');

export const AccountAnalyticsRawSchema = z
  .object({
    socialAccount: SocialAccountSchema,
    items: z.array(z.object({ ...rawItem, socialAccountId: z.string().nullable() }).openapi('SocialAccountAnalyticsRaw')),
  })
  .openapi('SocialAccountAnalyticsRawHistory');

export const PostAnalyticsSchema = z
  .object({
    post: PostSchema.nullable().openapi({ description: 'The post; null for an imported post' }),
    profilePost: ProfilePostSchema.optional().openapi({ description: 'Absent until the post is published on the platform' }),
    items: z.array(PostAnalyticsItemSchema).openapi({ description: 'Snapshots, oldest first' }),
  })
  .openapi('PostAnalyticsHistory');

export const PostAnalyticsRawSchema = z
  .object({
    post: PostSchema.nullable(),
    profilePost: ProfilePostSchema.optional(),
    items: z.array(z.object({ ...rawItem, profilePostId: z.string().nullable() }).openapi('PostAnalyticsRaw')),
  })
  .openapi('PostAnalyticsRawHistory');

export const AccountAnalyticsQuery = z.object({ teamId: id, platformType: AnalyticsPlatformSchema }).strict();

/** Either a post of the service and the platform, or an imported post: never both. */
const postSelector = {
  postId: id.nullish(),
  platformType: AnalyticsPlatformSchema.nullish(),
  importedPostId: id.nullish(),
};

function exclusive<T extends { postId?: string | null; platformType?: string | null; importedPostId?: string | null }>(value: T, ctx: z.RefinementCtx) {
  if (value.importedPostId && (value.postId || value.platformType)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['importedPostId'], message: 'importedPostId cannot be combined with postId or platformType' });
  } else if (!value.importedPostId && !value.postId) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['postId'], message: 'send postId with platformType, or importedPostId' });
  } else if (value.postId && !value.platformType) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['platformType'], message: 'platformType is required with postId' });
  }
}

export const PostAnalyticsQuery = z.object(postSelector).strict().superRefine(exclusive);
export const ForcePostBody = z.object(postSelector).strict().superRefine(exclusive).openapi('ForcePostAnalytics');
export const ForceAccountBody = z.object({ teamId: id, platformType: AnalyticsPlatformSchema }).strict().openapi('ForceSocialAccountAnalytics');

export const BULK_MAX_IDS = 60;

export const BulkPostAnalyticsQuery = z
  .object({
    // One id or many (`postIds=a&postIds=b`, as the published client sends them).
    postIds: z
      .preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(id).min(1).max(BULK_MAX_IDS))
      .openapi({
        type: 'array',
        items: { type: 'string' },
        description: `1 to ${BULK_MAX_IDS} post ids`,
      }),
    platformType: AnalyticsPlatformSchema,
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(20).default(20),
  })
  .strict();

export const BulkPostAnalyticsSchema = z
  .object({
    results: z.array(z.object({ postId: z.string(), items: z.array(PostAnalyticsItemSchema), error: z.string().nullable() })),
    pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), totalPages: z.number().int() }),
  })
  .openapi('BulkPostAnalytics');
