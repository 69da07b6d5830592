import { z } from '@hono/zod-openapi';
import { listSchema, offsetPaginationQuery } from '../http/pagination';
import { DECLARABLE_MIME_TYPES } from './upload-limits';

const dateTime = z.string().datetime().openapi({ example: '2026-11-22T10:00:00.000Z' });
const id = z.string().min(1).max(64);
const teamId = id.nullable().optional().openapi({
  description: 'Without it the upload belongs to the organization and every team sees it; with it, only that team',
});

export const UploadSchema = z
  .object({
    id: z.string().openapi({ example: 'k3m9x2p7q1w8e5r4t6y0u2i3' }),
    teamId: z.string().nullable(),
    organizationId: z.string(),
    type: z.enum(['image', 'video', 'document']),
    mime: z.string().openapi({ example: 'image/jpeg', description: 'Sniffed from the bytes, never taken from the name' }),
    ext: z.string().openapi({ example: 'jpg' }),
    url: z.string().url().openapi({ description: 'Public, unguessable address of the file (supports Range requests)' }),
    thumbnailUrl: z.string().url().nullable().openapi({
      description:
        "JPEG preview 400 px wide (never enlarged): the image itself or a video's poster frame; null only for videos uploaded before poster frames were made",
    }),
    iconUrl: z.string().url().nullable().openapi({ description: 'Not produced: always null' }),
    externalLink: z.string().nullable().openapi({ description: 'The source of an upload made with /upload/from-url' }),
    path: z.string().openapi({ description: 'Storage key of the file' }),
    thumbnailPath: z.string().nullable(),
    iconPath: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    fileSize: z.number().int().openapi({ description: 'Bytes' }),
    videoLength: z.number().nullable().openapi({ description: 'Seconds, for videos' }),
    createdAt: dateTime,
    updatedAt: dateTime,
  })
  .openapi('Upload');

export const UploadPostLinkSchema = z
  .object({ postId: z.string(), uploadId: z.string(), createdAt: dateTime, updatedAt: dateTime, deletedAt: dateTime.nullable() })
  .openapi('UploadPostLink');

export const UploadWithPostsSchema = UploadSchema.extend({
  posts: z.array(UploadPostLinkSchema).openapi({ description: 'Posts that use the upload' }),
}).openapi('UploadWithPosts');

export const UploadListSchema = listSchema(UploadWithPostsSchema, 'UploadList');

export const UploadListQuery = z
  .object({
    ...offsetPaginationQuery,
    teamId: id.optional().openapi({ description: "That team's uploads plus the organization-wide ones" }),
    type: z.enum(['image', 'video', 'document']).optional(),
    status: z.enum(['USED', 'UNUSED']).optional().openapi({ description: 'USED: attached to at least one post' }),
  })
  .strict();

export const UploadIdParams = z.object({ id: id.openapi({ param: { name: 'id', in: 'path' } }) });

export const InitUploadBody = z
  .object({
    fileName: z.string().trim().min(1).max(255).openapi({ example: 'launch-video.mp4' }),
    mimeType: z.enum(DECLARABLE_MIME_TYPES).openapi({ example: 'video/mp4' }),
    fileSize: z.number().int().min(1).optional().openapi({
      example: 157_286_400,
      description: "Exact size in bytes; the PUT must send exactly this many. Without it the PUT may send up to the type's limit and finalize checks the size",
    }),
    teamId,
  })
  .strict()
  .openapi('InitUpload');

export const InitUploadResponse = z
  .object({
    url: z.string().url().openapi({ description: 'One-time PUT URL, valid for an hour; send the raw bytes, no API key needed' }),
    path: z.string().openapi({ description: 'Pass to /upload/finalize' }),
  })
  .openapi('InitUploadResult');

export const FinalizeUploadBody = z
  .object({ path: z.string().min(1).max(255), teamId })
  .strict()
  .openapi('FinalizeUpload');

export const FromUrlBody = z
  .object({ url: z.string().url().max(2048).openapi({ example: 'https://example.com/photo.jpg' }), teamId })
  .strict()
  .openapi('UploadFromUrl');

export const DeleteUploadsBody = z
  .object({ ids: z.array(id).min(1).max(500) })
  .strict()
  .openapi('DeleteUploads');

export const UploadUsageSchema = z.object({ used: z.number().int(), limit: z.number().int(), remaining: z.number().int() }).openapi('UploadUsage');
