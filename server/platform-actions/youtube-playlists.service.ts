import { connectorEnv, withCredentials } from '../accounts/credentials';
import { requireAccount } from '../accounts/accounts.service';
import type { SocialAccountRow } from '../accounts/account-record';
import { BadRequestError } from '../http/errors';
import type { Playlist, PlaylistItem, PlaylistsCapability } from '../platforms/playlists';
import type { AppServices } from '../services';
import { getTeam } from '../teams/teams.service';
import { etagOf } from './lookups.service';
import { actingAs, asClientError, publishedTarget } from './platform-actions.service';

type Scope = { organizationId: string; teamId: string };

/**
 * The outline's YouTube playlists and thumbnails (decision 091): the team's YouTube account does
 * them through its connector (sandbox or live); the platform's refusals are the client's errors.
 */
export async function youtubeCall<K extends keyof PlaylistsCapability>(
  services: AppServices,
  scope: Scope,
  member: K,
  input: Parameters<PlaylistsCapability[K]>[3],
  account?: SocialAccountRow,
): Promise<Awaited<ReturnType<PlaylistsCapability[K]>>> {
  await getTeam(services.db, { organizationId: scope.organizationId, id: scope.teamId });
  const acting = account ?? (await requireAccount(services.db, { ...scope, type: 'YOUTUBE' }));
  try {
    return await withCredentials(services, acting, async (connector, credentials) => {
      const call = connector.playlists?.[member] as ((...args: unknown[]) => Promise<Awaited<ReturnType<PlaylistsCapability[K]>>>) | undefined;
      if (!call) throw new BadRequestError('This YouTube connection does not offer playlists');
      return call(connectorEnv(services), credentials, actingAs(acting), input);
    });
  } catch (error) {
    throw asClientError(error);
  }
}

/** The YouTube video of a post the team published (by our post id or the video id), and the account that did. */
export async function publishedVideo(services: AppServices, scope: Scope, postId: string) {
  const { externalId, account } = await publishedTarget(services, scope, 'YOUTUBE', postId);
  return { videoId: externalId, account };
}

const thumbs = (videoOrNull: string | null) =>
  videoOrNull
    ? {
        default: { url: `https://i.ytimg.com/vi/${videoOrNull}/default.jpg`, width: 120, height: 90 },
        medium: { url: `https://i.ytimg.com/vi/${videoOrNull}/mqdefault.jpg`, width: 320, height: 180 },
        high: { url: `https://i.ytimg.com/vi/${videoOrNull}/hqdefault.jpg`, width: 480, height: 360 },
      }
    : {};

/** A playlist as the Data API shows it (`youtube#playlist`). */
export function playlistResource(playlist: Playlist, firstVideo: string | null = null) {
  const body = {
    kind: 'youtube#playlist',
    id: playlist.id,
    snippet: {
      publishedAt: playlist.publishedAt.toISOString(),
      channelId: playlist.channelId,
      title: playlist.title,
      description: playlist.description,
      ...(playlist.channelTitle ? { channelTitle: playlist.channelTitle } : {}),
      thumbnails: thumbs(firstVideo),
      localized: { title: playlist.title, description: playlist.description },
    },
    status: { privacyStatus: playlist.privacyStatus },
    contentDetails: { itemCount: playlist.itemCount },
  };
  return { ...body, etag: etagOf(body) };
}

/** A playlist item as the Data API shows it (`youtube#playlistItem`). */
export function playlistItemResource(item: PlaylistItem) {
  const body = {
    kind: 'youtube#playlistItem',
    id: item.id,
    snippet: {
      publishedAt: item.publishedAt.toISOString(),
      channelId: item.channelId,
      title: item.title,
      description: item.description,
      ...(item.channelTitle ? { channelTitle: item.channelTitle } : {}),
      thumbnails: thumbs(item.videoId),
      playlistId: item.playlistId,
      position: item.position,
      resourceId: { kind: 'youtube#video', videoId: item.videoId },
    },
    contentDetails: { videoId: item.videoId, ...(item.videoPublishedAt ? { videoPublishedAt: item.videoPublishedAt.toISOString() } : {}) },
  };
  return { ...body, etag: etagOf(body) };
}

/** A list envelope (`youtube#…ListResponse`) with its page info and token. */
export function listResource<T>(kind: string, page: { items: T[]; total: number; nextPageToken: string | null }, perPage: number) {
  const body = {
    kind,
    pageInfo: { totalResults: page.total, resultsPerPage: perPage },
    ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
    items: page.items,
  };
  return { ...body, etag: etagOf(body) };
}
