import type { PlatformChannel, ProfileCapability } from '../../connector';
import type { Permission } from '../../permissions';
import { PlatformError } from '../../platform-error';
import type { YoutubeApi } from './youtube-api';

export type YoutubeChannel = {
  id: string;
  snippet?: { title?: string; description?: string; customUrl?: string; thumbnails?: Record<string, { url?: string }> };
  contentDetails?: { relatedPlaylists?: { uploads?: string } };
  statistics?: Record<string, string | boolean>;
};

/** `channels.list` with `mine=true`: the channels the token acts as (a Google account may own several). */
export async function myChannels(api: YoutubeApi, accessToken: string, operation: string): Promise<YoutubeChannel[]> {
  const answer = await api.json<{ items?: YoutubeChannel[] }>(accessToken, {
    operation,
    path: '/channels',
    query: { part: 'snippet,contentDetails,statistics', mine: 'true', maxResults: '50' },
  });
  return answer.items ?? [];
}

/** The selected channel if the token may act as it (the first one when none is selected); NOT_FOUND otherwise. */
export async function actingChannel(api: YoutubeApi, accessToken: string, channelId: string | null, operation: string): Promise<YoutubeChannel> {
  const channels = await myChannels(api, accessToken, operation);
  const channel = channelId ? channels.find((candidate) => candidate.id === channelId) : channels[0];
  if (!channel) {
    throw new PlatformError({
      code: 'NOT_FOUND',
      message: channelId ? `YouTube channel ${channelId} is not a channel of this Google account` : 'This Google account has no YouTube channel',
      httpStatus: 404,
      userFacingMessage: channelId
        ? 'The selected YouTube channel is no longer available to this connection; pick another.'
        : 'Create a YouTube channel for this Google account first.',
      meta: { platform: 'YOUTUBE', operation },
    });
  }
  return channel;
}

const handleOf = (channel: YoutubeChannel) => channel.snippet?.customUrl?.replace(/^@/, '') ?? null;
const avatarOf = (channel: YoutubeChannel) => channel.snippet?.thumbnails?.default?.url ?? null;

export function youtubeProfile(api: YoutubeApi): ProfileCapability {
  return {
    async fetch(_env, credentials) {
      const channel = await actingChannel(api, credentials.accessToken, null, 'profile.fetch');
      const permissions: Permission[] = ['profile', 'publish', 'comments', 'analytics'];
      return {
        profile: {
          externalId: channel.id,
          username: handleOf(channel),
          displayName: channel.snippet?.title ?? null,
          bio: channel.snippet?.description ?? null,
          avatarUrl: avatarOf(channel),
          email: null,
          attributes: { uploadsPlaylistId: channel.contentDetails?.relatedPlaylists?.uploads ?? null },
        },
        permissions,
      };
    },
    async listChannels(_env, credentials) {
      return (await myChannels(api, credentials.accessToken, 'profile.listChannels')).map((channel): PlatformChannel => ({
        id: channel.id,
        name: channel.snippet?.title ?? null,
        username: handleOf(channel),
        address: handleOf(channel) ? `https://www.youtube.com/@${handleOf(channel)}` : `https://www.youtube.com/channel/${channel.id}`,
        avatarUrl: avatarOf(channel),
        webhook: null,
        metadata: { allowImages: false, allowVideos: true, allowGalleries: false, linkFlairEnabled: null },
      }));
    },
  };
}
