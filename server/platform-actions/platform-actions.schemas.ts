import { z } from '@hono/zod-openapi';

/*
 * Bodies and answers of the `/misc/*` edit and delete operations, as the reference outline and
 * the published `bundlesocial` client give them. `postId` is the service's post id (or the
 * platform's id of a post the team published through the service); `commentId` is the
 * platform's id of the comment (`GET /sandbox/items?kind=COMMENT` lists them in the sandbox).
 */

const teamId = z.string().min(1).max(64);
const postId = z.string().min(1).max(200).openapi({ description: 'The post in this service (or its id on the platform)' });
const commentId = z.string().min(1).max(200).openapi({ description: "The comment's id on the platform" });

export const DeletePostBody = z.object({ teamId, postId }).openapi('MiscDeletePost');
export const DeleteCommentBody = z.object({ teamId, commentId }).openapi('MiscDeleteComment');

export const EditTextPostBody = z.object({ teamId, postId, description: z.string().max(100_000) }).openapi('MiscEditPost');
export const EditFacebookPostBody = z.object({ teamId, postId, description: z.string().max(100_000).optional() }).openapi('MiscEditFacebookPost');
export const EditMastodonStatusBody = z
  .object({ teamId, postId, description: z.string().max(100_000), spoilerText: z.string().max(500).optional() })
  .openapi('MiscEditMastodonStatus');
export const EditYoutubeVideoBody = z
  .object({
    teamId,
    postId,
    title: z.string().max(1000).optional(),
    description: z.string().max(100_000).optional(),
    tags: z.array(z.string().min(1).max(500)).max(500).optional(),
    categoryId: z.string().min(1).max(10).optional(),
    privacyStatus: z.enum(['public', 'unlisted', 'private']).optional(),
  })
  .openapi('MiscEditYoutubeVideo');
export const EditPinterestPinBody = z
  .object({
    teamId,
    postId,
    title: z.string().max(1000).optional(),
    description: z.string().max(10_000).optional(),
    link: z.string().url().max(2048).optional(),
    altText: z.string().max(1000).optional(),
    note: z.string().max(1000).optional(),
  })
  .openapi('MiscEditPinterestPin');

export const editCommentBody = (name: string, max: number, spoiler = false) =>
  z.object({ teamId, commentId, text: z.string().min(1).max(max), ...(spoiler ? { spoilerText: z.string().max(500).optional() } : {}) }).openapi(name);

export const SuccessSchema = z.object({ success: z.boolean() }).openapi('MiscSuccess');
export const EditPostResultSchema = z.object({ success: z.boolean(), permalink: z.string() }).openapi('MiscEditPostResult');
export const EditCommentResultSchema = z.object({ success: z.boolean(), permalink: z.string().nullable().optional() }).openapi('MiscEditCommentResult');
