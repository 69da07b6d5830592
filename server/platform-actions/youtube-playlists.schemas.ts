import { z } from '@hono/zod-openapi';

const teamId = z.string().min(1).max(64);
const id = z.string().trim().min(1).max(128);
const privacyStatus = z.enum(['public', 'unlisted', 'private']);

const size = z.object({ url: z.string().url(), width: z.number().int().optional(), height: z.number().int().optional() });
const thumbnails = z.object({ default: size.optional(), medium: size.optional(), high: size.optional(), standard: size.optional(), maxres: size.optional() });
const pageInfo = z.object({ totalResults: z.number().int().optional(), resultsPerPage: z.number().int().optional() });

export const SetThumbnailBody = z
  .object({
    teamId,
    url: z.string().url().max(2048).openapi({ description: 'A JPEG or PNG image (at most 2 MB), such as an upload URL of the service' }),
    postId: id.openapi({ description: 'The post published on YouTube (the service id, or the video id)' }),
  })
  .openapi('MiscYoutubeSetThumbnail');
export const ThumbnailResultSchema = z.object({ items: z.array(thumbnails).default([]) }).openapi('MiscYoutubeThumbnailResult');

export const PlaylistsQuery = z.object({ teamId, maxResults: z.coerce.number().int().min(1).max(20).default(10), pageToken: z.string().max(64).optional() });
export const PlaylistBody = z
  .object({ teamId, title: z.string().trim().min(1).max(150), description: z.string().max(5000), privacyStatus: privacyStatus.optional() })
  .strict()
  .openapi('MiscYoutubeCreatePlaylist');
export const UpdatePlaylistBody = PlaylistBody.extend({ playlistId: id }).strict().openapi('MiscYoutubeUpdatePlaylist');
export const PlaylistParams = z.object({ playlistId: id.openapi({ param: { name: 'playlistId', in: 'path' } }) });
export const PlaylistItemParams = z.object({ playlistItemId: id.openapi({ param: { name: 'playlistItemId', in: 'path' } }) });
export const TeamQuery = z.object({ teamId });
export const PlaylistItemsQuery = PlaylistsQuery.extend({ playlistId: id });
export const AddPlaylistItemBody = z
  .object({
    teamId,
    playlistId: id,
    postId: id.openapi({ description: 'The post published on YouTube (the service id, or the video id)' }),
    position: z.number().int().min(0).optional(),
  })
  .strict()
  .openapi('MiscYoutubeAddPlaylistItem');

export const PlaylistSchema = z
  .object({
    kind: z.string().optional(),
    etag: z.string().optional(),
    id: z.string().optional(),
    snippet: z
      .object({
        publishedAt: z.string().optional(),
        channelId: z.string().optional(),
        title: z.string().optional(),
        description: z.string().optional(),
        channelTitle: z.string().optional(),
        thumbnails: thumbnails.optional(),
        localized: z.object({ title: z.string().optional(), description: z.string().optional() }).optional(),
      })
      .optional(),
    status: z.object({ privacyStatus: z.string().optional() }).optional(),
    contentDetails: z.object({ itemCount: z.number().int().optional() }).optional(),
  })
  .openapi('YoutubePlaylist');

export const PlaylistItemSchema = z
  .object({
    kind: z.string().optional(),
    etag: z.string().optional(),
    id: z.string().optional(),
    snippet: z
      .object({
        publishedAt: z.string().optional(),
        channelId: z.string().optional(),
        title: z.string().optional(),
        description: z.string().optional(),
        channelTitle: z.string().optional(),
        thumbnails: thumbnails.optional(),
        playlistId: z.string().optional(),
        position: z.number().int().optional(),
        resourceId: z
          .object({ kind: z.string().optional(), videoId: z.string().optional(), playlistId: z.string().optional(), channelId: z.string().optional() })
          .optional(),
      })
      .optional(),
    contentDetails: z.object({ videoId: z.string().optional(), videoPublishedAt: z.string().optional() }).optional(),
  })
  .openapi('YoutubePlaylistItem');

const listOf = <T extends z.ZodTypeAny>(item: T, name: string) =>
  z
    .object({
      kind: z.string().optional(),
      etag: z.string().optional(),
      nextPageToken: z.string().optional(),
      prevPageToken: z.string().optional(),
      pageInfo: pageInfo.optional(),
      items: z.array(item).default([]),
    })
    .openapi(name);

export const PlaylistListSchema = listOf(PlaylistSchema, 'YoutubePlaylistList');
export const PlaylistItemListSchema = listOf(PlaylistItemSchema, 'YoutubePlaylistItemList');
export const DeletedSchema = z.boolean();
