import { PlatformError } from '../../platform-error';
import type { Playlist, PlaylistItem, PlaylistsCapability, ThumbnailSizes } from '../../playlists';
import type { YoutubeApi } from './youtube-api';
import { actingChannel } from './youtube-profile';

type PlaylistResource = {
  id: string;
  snippet?: { publishedAt?: string; channelId?: string; title?: string; description?: string; channelTitle?: string };
  status?: { privacyStatus?: string };
  contentDetails?: { itemCount?: number };
};
type PlaylistItemResource = {
  id: string;
  snippet?: {
    publishedAt?: string;
    channelId?: string;
    title?: string;
    description?: string;
    channelTitle?: string;
    playlistId?: string;
    position?: number;
    resourceId?: { videoId?: string };
  };
  contentDetails?: { videoId?: string; videoPublishedAt?: string };
};
type ListAnswer<T> = { items?: T[]; nextPageToken?: string; pageInfo?: { totalResults?: number } };

const MAX_THUMBNAIL_BYTES = 2 * 1024 * 1024;

function toPlaylist(resource: PlaylistResource): Playlist {
  const privacy = resource.status?.privacyStatus;
  return {
    id: resource.id,
    channelId: resource.snippet?.channelId ?? '',
    channelTitle: resource.snippet?.channelTitle ?? null,
    title: resource.snippet?.title ?? '',
    description: resource.snippet?.description ?? '',
    privacyStatus: privacy === 'private' || privacy === 'unlisted' ? privacy : 'public',
    itemCount: resource.contentDetails?.itemCount ?? 0,
    publishedAt: new Date(resource.snippet?.publishedAt ?? Date.now()),
  };
}

function toItem(resource: PlaylistItemResource): PlaylistItem {
  return {
    id: resource.id,
    playlistId: resource.snippet?.playlistId ?? '',
    channelId: resource.snippet?.channelId ?? '',
    channelTitle: resource.snippet?.channelTitle ?? null,
    videoId: resource.contentDetails?.videoId ?? resource.snippet?.resourceId?.videoId ?? '',
    title: resource.snippet?.title ?? '',
    description: resource.snippet?.description ?? '',
    position: resource.snippet?.position ?? 0,
    publishedAt: new Date(resource.snippet?.publishedAt ?? Date.now()),
    videoPublishedAt: resource.contentDetails?.videoPublishedAt ? new Date(resource.contentDetails.videoPublishedAt) : null,
  };
}

/**
 * Playlists (`playlists.list/insert/update/delete`), their items (`playlistItems.*`) and custom
 * thumbnails (`thumbnails.set`) through the Data API v3, as the selected channel.
 */
export function youtubePlaylists(api: YoutubeApi): PlaylistsCapability {
  return {
    async list(_env, credentials, account, input) {
      await actingChannel(api, credentials.accessToken, account.selectedChannelId, 'playlists.list');
      const answer = await api.json<ListAnswer<PlaylistResource>>(credentials.accessToken, {
        operation: 'playlists.list',
        path: '/playlists',
        query: { part: 'snippet,status,contentDetails', mine: 'true', maxResults: String(input.maxResults), pageToken: input.pageToken },
      });
      const items = (answer.items ?? []).map(toPlaylist);
      return { items, total: answer.pageInfo?.totalResults ?? items.length, nextPageToken: answer.nextPageToken ?? null };
    },
    async create(_env, credentials, account, input) {
      await actingChannel(api, credentials.accessToken, account.selectedChannelId, 'playlists.create');
      return toPlaylist(
        await api.json<PlaylistResource>(credentials.accessToken, {
          operation: 'playlists.create',
          method: 'POST',
          path: '/playlists',
          query: { part: 'snippet,status' },
          body: { snippet: { title: input.title, description: input.description }, status: { privacyStatus: input.privacyStatus ?? 'public' } },
        }),
      );
    },
    async update(_env, credentials, account, input) {
      await actingChannel(api, credentials.accessToken, account.selectedChannelId, 'playlists.update');
      return toPlaylist(
        await api.json<PlaylistResource>(credentials.accessToken, {
          operation: 'playlists.update',
          method: 'PUT',
          path: '/playlists',
          query: { part: input.privacyStatus ? 'snippet,status' : 'snippet' },
          body: {
            id: input.playlistId,
            snippet: { title: input.title, description: input.description },
            ...(input.privacyStatus ? { status: { privacyStatus: input.privacyStatus } } : {}),
          },
        }),
      );
    },
    async remove(_env, credentials, _account, input) {
      await api.raw(credentials.accessToken, { operation: 'playlists.remove', method: 'DELETE', path: '/playlists', query: { id: input.playlistId } });
    },
    async listItems(_env, credentials, _account, input) {
      const answer = await api.json<ListAnswer<PlaylistItemResource>>(credentials.accessToken, {
        operation: 'playlists.listItems',
        path: '/playlistItems',
        query: { part: 'snippet,contentDetails', playlistId: input.playlistId, maxResults: String(input.maxResults), pageToken: input.pageToken },
      });
      const items = (answer.items ?? []).map(toItem);
      return { items, total: answer.pageInfo?.totalResults ?? items.length, nextPageToken: answer.nextPageToken ?? null };
    },
    async addItem(_env, credentials, _account, input) {
      return toItem(
        await api.json<PlaylistItemResource>(credentials.accessToken, {
          operation: 'playlists.addItem',
          method: 'POST',
          path: '/playlistItems',
          query: { part: 'snippet,contentDetails' },
          body: {
            snippet: {
              playlistId: input.playlistId,
              resourceId: { kind: 'youtube#video', videoId: input.videoId },
              ...(input.position !== undefined ? { position: input.position } : {}),
            },
          },
        }),
      );
    },
    async removeItem(_env, credentials, _account, input) {
      await api.raw(credentials.accessToken, {
        operation: 'playlists.removeItem',
        method: 'DELETE',
        path: '/playlistItems',
        query: { id: input.playlistItemId },
      });
    },
    async setThumbnail(_env, credentials, _account, input) {
      const operation = 'publishing.thumbnail';
      // The image's host is the client's choice: fetched through the SSRF guard, no redirects.
      const image = await api.config.http.request({ platform: 'YOUTUBE', operation, accountKey: `YOUTUBE:thumbnail`, url: input.url, userChosenHost: true });
      const mime = image.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
      const bytes = new Uint8Array(await image.arrayBuffer());
      if (!['image/jpeg', 'image/png'].includes(mime) || bytes.length > MAX_THUMBNAIL_BYTES) {
        throw new PlatformError({
          code: 'INVALID_REQUEST',
          message: `${operation}: the thumbnail must be a JPEG or PNG image of at most 2 MB (got ${mime || 'no type'}, ${bytes.length} bytes)`,
          httpStatus: 0,
          meta: { platform: 'YOUTUBE', operation },
        });
      }
      const answer = await api.json<{ items?: ThumbnailSizes[] }>(credentials.accessToken, {
        operation,
        method: 'POST',
        upload: true,
        path: '/thumbnails/set',
        query: { videoId: input.videoId, uploadType: 'media' },
        idempotent: true,
        headers: { 'content-type': mime },
        body: bytes,
      });
      return answer.items ?? [];
    },
  };
}
