import { json, type LocalReceiver, type Received } from '../../test-kit/local-receiver';
import { authorize } from './oauth-routes';
import { googleError, type StandInComment, type StandInVideo, type YoutubeWorld } from './youtube-world';

/**
 * The Data API v3 resources the connector reads and writes (`/youtube/v3`), from the reference
 * (https://developers.google.com/youtube/v3/docs): channels, videos, commentThreads, comments,
 * playlists and playlistItems. Every call is authorized, checks `part`, counts its quota units.
 */
export function dataRoutes(receiver: LocalReceiver, world: YoutubeWorld) {
  const call = (line: string, cost: string, handler: (received: Received, who: { person: string; channelId: string }) => Response | Promise<Response>) =>
    receiver.on(line, async (received) => {
      const who = authorize(world, received);
      if (who instanceof Response) return who;
      const method = line.split(' ')[0];
      if (method === 'GET' && !received.query.get('part')) return googleError(400, 'required', 'global', 'No filter selected. Expected one of: part');
      const spent = world.spend(cost);
      if (spent) return spent;
      return handler(received, who);
    });

  call('GET /youtube/v3/channels', 'list', ({ query }, who) => {
    if (query.get('mine') !== 'true' && !query.get('id')) return googleError(400, 'missingRequiredParameter', 'youtube.parameter', 'No filter selected.');
    const ids = query.get('mine') === 'true' ? [who.channelId] : query.get('id')!.split(',');
    const items = ids
      .map((id) => world.channel(id))
      .filter((channel) => channel !== undefined)
      .map((channel) => {
        const videos = world.channelVideos(channel.id);
        return {
          kind: 'youtube#channel',
          id: channel.id,
          snippet: {
            title: channel.title,
            description: `${channel.title} on YouTube`,
            customUrl: channel.handle,
            thumbnails: { default: { url: `https://yt3.ggpht.com/${channel.id}=s88` } },
          },
          contentDetails: { relatedPlaylists: { likes: '', uploads: channel.uploads } },
          statistics: {
            viewCount: String(videos.reduce((sum, video) => sum + video.views, 0)),
            subscriberCount: String(channel.subscribers),
            hiddenSubscriberCount: false,
            videoCount: String(videos.length),
          },
        };
      });
    return json({ kind: 'youtube#channelListResponse', pageInfo: { totalResults: items.length, resultsPerPage: items.length }, items });
  });

  call('GET /youtube/v3/videos', 'list', ({ query }) => {
    const parts = query.get('part')!.split(',');
    const items = (query.get('id') ?? '')
      .split(',')
      .map((id) => world.videos.get(id))
      .filter((video): video is StandInVideo => !!video && !video.deleted)
      .map((video) => videoResource(world, video, parts));
    return json({ kind: 'youtube#videoListResponse', pageInfo: { totalResults: items.length, resultsPerPage: items.length }, items });
  });

  call('DELETE /youtube/v3/videos', 'videos.delete', ({ query }, who) => {
    const video = world.videos.get(query.get('id') ?? '');
    if (!video || video.deleted) return googleError(404, 'videoNotFound', 'youtube.video', 'The video that you are trying to delete cannot be found.');
    if (video.channelId !== who.channelId) return googleError(403, 'forbidden', 'youtube.video', 'The video that you are trying to delete cannot be deleted.');
    video.deleted = true;
    return new Response(null, { status: 204 });
  });

  call('GET /youtube/v3/commentThreads', 'list', ({ query }) => {
    const videoId = query.get('videoId');
    if (!videoId) return googleError(400, 'missingRequiredParameter', 'youtube.parameter', 'No filter selected.');
    if (!world.videos.get(videoId))
      return googleError(404, 'videoNotFound', 'youtube.commentThread', 'The video identified by the videoId parameter could not be found.');
    const all = [...world.comments.values()].filter((comment) => comment.videoId === videoId);
    const items = all
      .filter((comment) => comment.parentId === null)
      .reverse()
      .map((top) => {
        const replies = all.filter((comment) => comment.parentId === top.id);
        return {
          kind: 'youtube#commentThread',
          id: top.id,
          snippet: {
            channelId: world.videos.get(videoId)!.channelId,
            videoId,
            topLevelComment: commentResource(top),
            canReply: true,
            totalReplyCount: replies.length,
            isPublic: true,
          },
          ...(replies.length ? { replies: { comments: replies.map(commentResource) } } : {}),
        };
      });
    return json({ kind: 'youtube#commentThreadListResponse', pageInfo: { totalResults: items.length, resultsPerPage: 100 }, items });
  });

  call('POST /youtube/v3/commentThreads', 'commentThreads.insert', async (received, who) => {
    const body = (await received.request.json()) as { snippet?: { videoId?: string; topLevelComment?: { snippet?: { textOriginal?: string } } } };
    const videoId = body.snippet?.videoId;
    const text = body.snippet?.topLevelComment?.snippet?.textOriginal;
    if (!videoId || !text) return googleError(400, 'invalidCommentMetadata', 'youtube.commentThread', 'The request metadata is invalid.');
    if (text.length > 10_000) return googleError(400, 'commentTextTooLong', 'youtube.commentThread', 'The comment is too long.');
    if (!world.videos.get(videoId)) return googleError(404, 'videoNotFound', 'youtube.commentThread', 'The video could not be found.');
    const channel = world.channel(who.channelId)!;
    const comment: StandInComment = {
      id: `Ug${world.newId(24)}`,
      videoId,
      parentId: null,
      authorChannelId: channel.id,
      authorName: channel.title,
      text,
      publishedAt: new Date().toISOString(),
      moderationStatus: 'published',
    };
    world.comments.set(comment.id, comment);
    return json({ kind: 'youtube#commentThread', id: comment.id, snippet: { videoId, topLevelComment: commentResource(comment), totalReplyCount: 0 } });
  });

  call('GET /youtube/v3/comments', 'list', ({ query }) => {
    const items = (query.get('id') ?? '')
      .split(',')
      .map((id) => world.comments.get(id))
      .filter((comment) => comment !== undefined)
      .map(commentResource);
    return json({ kind: 'youtube#commentListResponse', items });
  });

  call('DELETE /youtube/v3/comments', 'comments.delete', ({ query }, who) => {
    const comment = world.comments.get(query.get('id') ?? '');
    if (!comment) return googleError(404, 'commentNotFound', 'youtube.comment', 'The comment could not be found.');
    if (comment.authorChannelId !== who.channelId) return googleError(403, 'forbidden', 'youtube.comment', 'The comment could not be deleted.');
    world.comments.delete(comment.id);
    return new Response(null, { status: 204 });
  });

  call('POST /youtube/v3/comments/setModerationStatus', 'comments.setModerationStatus', ({ query }) => {
    const comment = world.comments.get(query.get('id') ?? '');
    if (!comment) return googleError(404, 'commentNotFound', 'youtube.comment', 'The comment could not be found.');
    const status = query.get('moderationStatus');
    if (!['heldForReview', 'published', 'rejected'].includes(status ?? ''))
      return googleError(400, 'invalidModerationStatus', 'youtube.comment', 'Invalid moderation status.');
    comment.moderationStatus = status!;
    return new Response(null, { status: 204 });
  });

  call('GET /youtube/v3/playlistItems', 'list', ({ query }) => {
    const playlistId = query.get('playlistId') ?? '';
    const max = Math.min(50, Number(query.get('maxResults') ?? 5));
    const offset = Number(query.get('pageToken')?.replace('CAUQ', '') || 0);
    const uploadsOf = [...world.people.values()].flatMap((person) => person.channels).find((channel) => channel.uploads === playlistId);
    let rows: { id: string; videoId: string; position: number; publishedAt: string }[];
    if (uploadsOf) {
      rows = world
        .channelVideos(uploadsOf.id)
        .reverse()
        .map((video, position) => ({ id: `UU${video.id}`, videoId: video.id, position, publishedAt: video.publishedAt }));
    } else if (world.playlists.has(playlistId)) {
      rows = [...world.playlistItems.values()].filter((item) => item.playlistId === playlistId).sort((a, b) => a.position - b.position);
    } else
      return googleError(404, 'playlistNotFound', 'youtube.playlistItem', 'The playlist identified with the request playlistId parameter cannot be found.');
    const page = rows.slice(offset, offset + max);
    const items = page.map((row) => {
      const video = world.videos.get(row.videoId);
      return {
        kind: 'youtube#playlistItem',
        id: row.id,
        snippet: {
          publishedAt: row.publishedAt,
          title: String(video?.resource.snippet.title ?? ''),
          description: String(video?.resource.snippet.description ?? ''),
          playlistId,
          position: row.position,
          resourceId: { kind: 'youtube#video', videoId: row.videoId },
          thumbnails: { default: { url: `https://i.ytimg.com/vi/${row.videoId}/default.jpg`, width: 120, height: 90 } },
        },
        contentDetails: { videoId: row.videoId, videoPublishedAt: video?.publishedAt ?? row.publishedAt },
      };
    });
    const next = offset + max < rows.length ? { nextPageToken: `CAUQ${offset + max}` } : {};
    return json({ kind: 'youtube#playlistItemListResponse', pageInfo: { totalResults: rows.length, resultsPerPage: max }, items, ...next });
  });
}

/** A video as `videos.list` answers it for the parts asked; reading `processingDetails` advances processing. */
export function videoResource(world: YoutubeWorld, video: StandInVideo, parts: string[]) {
  const processed = video.processingReadsLeft <= 0;
  if (parts.includes('processingDetails') && !processed) video.processingReadsLeft -= 1;
  const resource: Record<string, unknown> = { kind: 'youtube#video', id: video.id };
  if (parts.includes('snippet')) {
    resource.snippet = {
      publishedAt: video.publishedAt,
      channelId: video.channelId,
      categoryId: '22',
      ...video.resource.snippet,
      thumbnails: { default: { url: `https://i.ytimg.com/vi/${video.id}/default.jpg` }, high: { url: `https://i.ytimg.com/vi/${video.id}/hqdefault.jpg` } },
    };
  }
  if (parts.includes('status')) {
    resource.status = {
      privacyStatus: 'public',
      ...video.resource.status,
      uploadStatus: processed ? 'processed' : 'uploaded',
      license: 'youtube',
      embeddable: true,
    };
  }
  if (parts.includes('processingDetails')) {
    resource.processingDetails = processed
      ? { processingStatus: 'succeeded' }
      : {
          processingStatus: 'processing',
          processingProgress: { partsTotal: String(world.processingReads), partsProcessed: String(world.processingReads - video.processingReadsLeft - 1) },
        };
  }
  if (parts.includes('statistics')) {
    resource.statistics = {
      viewCount: String(video.views),
      likeCount: '0',
      favoriteCount: '0',
      commentCount: String([...world.comments.values()].filter((c) => c.videoId === video.id).length),
    };
  }
  return resource;
}

function commentResource(comment: StandInComment) {
  return {
    kind: 'youtube#comment',
    id: comment.id,
    snippet: {
      videoId: comment.videoId,
      textDisplay: comment.text,
      textOriginal: comment.text,
      authorDisplayName: comment.authorName,
      authorChannelUrl: `http://www.youtube.com/channel/${comment.authorChannelId}`,
      authorChannelId: { value: comment.authorChannelId },
      likeCount: 0,
      moderationStatus: comment.moderationStatus,
      ...(comment.parentId ? { parentId: comment.parentId } : {}),
      publishedAt: comment.publishedAt,
      updatedAt: comment.publishedAt,
    },
  };
}
