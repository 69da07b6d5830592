import { json, type LocalReceiver, type Received } from '../../test-kit/local-receiver';
import { authorize } from './oauth-routes';
import { googleError, type StandInPlaylist, type YoutubeWorld } from './youtube-world';

const PRIVACY = new Set(['public', 'unlisted', 'private']);

/**
 * `playlists` (https://developers.google.com/youtube/v3/docs/playlists) and writing
 * `playlistItems` (https://developers.google.com/youtube/v3/docs/playlistItems): a channel manages
 * only its own playlists; positions stay a sequence.
 */
export function playlistRoutes(receiver: LocalReceiver, world: YoutubeWorld) {
  const call = (line: string, cost: string, handler: (received: Received, who: { channelId: string }) => Response | Promise<Response>) =>
    receiver.on(line, async (received) => {
      const who = authorize(world, received);
      if (who instanceof Response) return who;
      if (!received.query.get('part') && !line.startsWith('DELETE')) return googleError(400, 'required', 'global', 'Required parameter: part');
      const spent = world.spend(cost);
      if (spent) return spent;
      return handler(received, who);
    });
  const resource = (playlist: StandInPlaylist) => ({
    kind: 'youtube#playlist',
    id: playlist.id,
    snippet: {
      publishedAt: playlist.publishedAt,
      channelId: playlist.channelId,
      title: playlist.title,
      description: playlist.description,
      channelTitle: world.channel(playlist.channelId)?.title,
    },
    status: { privacyStatus: playlist.privacyStatus },
    contentDetails: { itemCount: [...world.playlistItems.values()].filter((item) => item.playlistId === playlist.id).length },
  });
  const own = (id: string | null | undefined, channelId: string) => {
    const playlist = world.playlists.get(id ?? '');
    return playlist && playlist.channelId === channelId ? playlist : null;
  };
  const checkBody = (body: { snippet?: { title?: unknown; description?: unknown }; status?: { privacyStatus?: unknown } }) => {
    if (typeof body.snippet?.title !== 'string' || !body.snippet.title.trim() || body.snippet.title.length > 150)
      return googleError(400, 'playlistTitleRequired', 'youtube.playlist', 'The request must specify a playlist title.');
    if (body.status?.privacyStatus !== undefined && !PRIVACY.has(String(body.status.privacyStatus)))
      return googleError(400, 'invalidPlaylistSnippet', 'youtube.playlist', 'Invalid privacy status.');
    return null;
  };

  call('GET /youtube/v3/playlists', 'list', ({ query }, who) => {
    if (query.get('mine') !== 'true') return googleError(400, 'missingRequiredParameter', 'youtube.parameter', 'No filter selected.');
    const all = [...world.playlists.values()].filter((playlist) => playlist.channelId === who.channelId).reverse();
    const max = Math.min(50, Number(query.get('maxResults') ?? 5));
    const offset = Number(query.get('pageToken')?.replace('CAUQ', '') || 0);
    const next = offset + max < all.length ? { nextPageToken: `CAUQ${offset + max}` } : {};
    return json({
      kind: 'youtube#playlistListResponse',
      pageInfo: { totalResults: all.length, resultsPerPage: max },
      items: all.slice(offset, offset + max).map(resource),
      ...next,
    });
  });

  call('POST /youtube/v3/playlists', 'playlists.insert', async (received, who) => {
    const body = (await received.request.json()) as Parameters<typeof checkBody>[0];
    const refused = checkBody(body);
    if (refused) return refused;
    const playlist: StandInPlaylist = {
      id: `PL${world.newId(32)}`,
      channelId: who.channelId,
      title: String(body.snippet!.title),
      description: String(body.snippet!.description ?? ''),
      privacyStatus: String(body.status?.privacyStatus ?? 'public'),
      publishedAt: new Date().toISOString(),
    };
    world.playlists.set(playlist.id, playlist);
    return json(resource(playlist));
  });

  call('PUT /youtube/v3/playlists', 'playlists.update', async (received, who) => {
    const body = (await received.request.json()) as Parameters<typeof checkBody>[0] & { id?: string };
    const playlist = own(body.id, who.channelId);
    if (!playlist) return googleError(404, 'playlistNotFound', 'youtube.playlist', 'The playlist identified with the request id parameter cannot be found.');
    const refused = checkBody(body);
    if (refused) return refused;
    playlist.title = String(body.snippet!.title);
    playlist.description = String(body.snippet!.description ?? '');
    if (received.query.get('part')!.includes('status') && body.status?.privacyStatus) playlist.privacyStatus = String(body.status.privacyStatus);
    return json(resource(playlist));
  });

  call('DELETE /youtube/v3/playlists', 'playlists.delete', ({ query }, who) => {
    const playlist = own(query.get('id'), who.channelId);
    if (!playlist) return googleError(404, 'playlistNotFound', 'youtube.playlist', 'The playlist identified with the request id parameter cannot be found.');
    world.playlists.delete(playlist.id);
    for (const [id, item] of world.playlistItems) if (item.playlistId === playlist.id) world.playlistItems.delete(id);
    return new Response(null, { status: 204 });
  });

  call('POST /youtube/v3/playlistItems', 'playlistItems.insert', async (received, who) => {
    const body = (await received.request.json()) as { snippet?: { playlistId?: string; position?: number; resourceId?: { kind?: string; videoId?: string } } };
    const playlist = own(body.snippet?.playlistId, who.channelId);
    if (!playlist)
      return googleError(404, 'playlistNotFound', 'youtube.playlistItem', 'The playlist identified with the request playlistId parameter cannot be found.');
    if (body.snippet?.resourceId?.kind !== 'youtube#video')
      return googleError(400, 'invalidResourceId', 'youtube.playlistItem', 'The resource ID is not supported.');
    const video = world.videos.get(body.snippet.resourceId.videoId ?? '');
    if (!video || video.deleted) return googleError(404, 'videoNotFound', 'youtube.playlistItem', 'The video cannot be found.');
    const items = [...world.playlistItems.values()].filter((item) => item.playlistId === playlist.id);
    const position = Math.min(body.snippet.position ?? items.length, items.length);
    for (const item of items) if (item.position >= position) item.position += 1;
    const item = { id: `${world.newId(40)}`, playlistId: playlist.id, videoId: video.id, position, publishedAt: new Date().toISOString() };
    world.playlistItems.set(item.id, item);
    return json({
      kind: 'youtube#playlistItem',
      id: item.id,
      snippet: {
        publishedAt: item.publishedAt,
        channelId: who.channelId,
        title: String(video.resource.snippet.title ?? ''),
        description: String(video.resource.snippet.description ?? ''),
        playlistId: playlist.id,
        position,
        resourceId: { kind: 'youtube#video', videoId: video.id },
      },
      contentDetails: { videoId: video.id, videoPublishedAt: video.publishedAt },
    });
  });

  call('DELETE /youtube/v3/playlistItems', 'playlistItems.delete', ({ query }, who) => {
    const item = world.playlistItems.get(query.get('id') ?? '');
    if (!item || !own(item.playlistId, who.channelId))
      return googleError(404, 'playlistItemNotFound', 'youtube.playlistItem', 'The playlist item cannot be found.');
    world.playlistItems.delete(item.id);
    for (const other of world.playlistItems.values()) if (other.playlistId === item.playlistId && other.position > item.position) other.position -= 1;
    return new Response(null, { status: 204 });
  });
}
