import { json, type LocalReceiver, type Received } from '../../test-kit/local-receiver';
import { authorize } from './oauth-routes';
import { videoResource } from './data-routes';
import { googleError, type StandInSession, type YoutubeWorld } from './youtube-world';

const CHUNK_UNIT = 256 * 1024;
const PRIVACY = new Set(['public', 'private', 'unlisted']);

/**
 * The upload host (`/upload/youtube/v3`): `videos.insert` through the resumable protocol
 * (https://developers.google.com/youtube/v3/guides/using_resumable_upload_protocol) and
 * `thumbnails.set` (https://developers.google.com/youtube/v3/docs/thumbnails/set). Sessions can be
 * interrupted (`session.interruptAfter`), keep what arrived, and answer status queries.
 */
export function uploadRoutes(receiver: LocalReceiver, world: YoutubeWorld, base: () => string) {
  receiver.on('POST /upload/youtube/v3/videos', async (received) => {
    const who = authorize(world, received);
    if (who instanceof Response) return who;
    if (received.query.get('uploadType') !== 'resumable') return googleError(400, 'invalidArgument', 'global', 'uploadType=resumable expected');
    const parts = (received.query.get('part') ?? '').split(',');
    if (!parts.includes('snippet') || !parts.includes('status')) return googleError(400, 'invalidPart', 'youtube.part', 'part must name snippet and status');
    const size = Number(received.headers.get('x-upload-content-length'));
    const mime = received.headers.get('x-upload-content-type') ?? '';
    if (!Number.isInteger(size) || size <= 0) return googleError(400, 'invalidArgument', 'global', 'X-Upload-Content-Length is required');
    if (!/^(video\/|application\/octet-stream)/.test(mime)) return googleError(400, 'invalidVideoMetadata', 'youtube.video', `Unsupported media type ${mime}`);
    if (!received.headers.get('content-type')?.startsWith('application/json')) return googleError(400, 'parseError', 'global', 'JSON metadata expected');
    const resource = JSON.parse(received.text) as StandInSession['resource'];
    const problem = checkResource(resource);
    if (problem) return problem;
    const today = world.channelVideos(who.channelId).filter((video) => Date.now() - Date.parse(video.publishedAt) < 86_400_000).length;
    if (today >= world.uploadsPerDay)
      return googleError(400, 'uploadLimitExceeded', 'youtube.video', 'The user has exceeded the number of videos they may upload.');
    const spent = world.spend('videos.insert');
    if (spent) return spent;
    const id = world.newId(24);
    world.sessions.set(id, { id, channelId: who.channelId, resource, size, mime, received: Buffer.alloc(0), videoId: null });
    return new Response(null, { status: 200, headers: { location: `${base()}/upload/youtube/v3/videos?uploadType=resumable&upload_id=${id}` } });
  });

  receiver.on('PUT /upload/youtube/v3/videos', async (received) => {
    const who = authorize(world, received);
    if (who instanceof Response) return who;
    const session = world.sessions.get(received.query.get('upload_id') ?? '');
    if (!session || session.channelId !== who.channelId) return googleError(404, 'notFound', 'global', 'Upload session not found');
    const range = received.headers.get('content-range') ?? '';
    const query = /^bytes \*\/(\d+|\*)$/.exec(range);
    if (query) {
      if (received.bytes.length > 0) return googleError(400, 'badContent', 'global', 'A status query has no body');
      return sessionAnswer(world, session);
    }
    const chunk = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range);
    if (!chunk) return googleError(400, 'badContent', 'global', `Failed to parse Content-Range header: ${range}`);
    const [start, end, total] = [Number(chunk[1]), Number(chunk[2]), Number(chunk[3])];
    if (session.videoId) return sessionAnswer(world, session);
    if (total !== session.size) return googleError(400, 'badContent', 'global', 'Content-Range total differs from X-Upload-Content-Length');
    if (start !== session.received.length)
      return googleError(400, 'badContent', 'global', `Chunk starts at ${start}, the session holds ${session.received.length} bytes`);
    if (end - start + 1 !== received.bytes.length) return googleError(400, 'badContent', 'global', 'Content-Range does not match the body length');
    const last = end + 1 === total;
    if (!last && received.bytes.length % CHUNK_UNIT !== 0)
      return googleError(400, 'badContent', 'global', 'Chunks other than the last must be multiples of 256 KiB');
    if (world.interruptAfterBytes !== null && end + 1 > world.interruptAfterBytes) {
      // The connection broke mid-chunk: YouTube keeps whole 256 KiB units of what arrived.
      const arrived = Math.max(0, world.interruptAfterBytes - start);
      session.received = Buffer.concat([session.received, received.bytes.subarray(0, Math.floor(arrived / CHUNK_UNIT) * CHUNK_UNIT)]);
      world.interruptAfterBytes = null;
      return googleError(503, 'backendError', 'global', 'Backend Error');
    }
    session.received = Buffer.concat([session.received, received.bytes]);
    if (!last) return new Response(null, { status: 308, headers: { range: `bytes=0-${session.received.length - 1}` } });
    const videoId = world.newId(11);
    session.videoId = videoId;
    world.videos.set(videoId, {
      id: videoId,
      channelId: session.channelId,
      resource: session.resource,
      bytes: session.received,
      mime: session.mime,
      processingReadsLeft: world.processingReads,
      thumbnail: null,
      publishedAt: new Date().toISOString(),
      views: 0,
      deleted: false,
    });
    return json(videoResource(world, world.videos.get(videoId)!, ['snippet', 'status']), 201);
  });

  receiver.on('POST /upload/youtube/v3/thumbnails/set', (received: Received) => {
    const who = authorize(world, received);
    if (who instanceof Response) return who;
    const video = world.videos.get(received.query.get('videoId') ?? '');
    if (!video || video.deleted) return googleError(404, 'videoNotFound', 'youtube.video', 'The video that you are trying to update cannot be found.');
    if (video.channelId !== who.channelId)
      return googleError(403, 'forbidden', 'youtube.thumbnail', 'The authenticated user does not have permissions to upload and set custom video thumbnails.');
    const mime = received.headers.get('content-type') ?? '';
    if (!['image/jpeg', 'image/png', 'application/octet-stream'].includes(mime))
      return googleError(400, 'invalidImage', 'youtube.thumbnail', 'The provided image content is invalid.');
    if (received.bytes.length > 2 * 1024 * 1024) return googleError(400, 'mediaBodyTooLarge', 'global', 'Thumbnails are limited to 2 MB');
    const spent = world.spend('thumbnails.set');
    if (spent) return spent;
    video.thumbnail = { mime, size: received.bytes.length };
    return json({
      kind: 'youtube#thumbnailSetResponse',
      items: [{ default: { url: `https://i.ytimg.com/vi/${video.id}/default.jpg`, width: 120, height: 90 } }],
    });
  });
}

function sessionAnswer(world: YoutubeWorld, session: StandInSession): Response {
  if (session.videoId) return json(videoResource(world, world.videos.get(session.videoId)!, ['snippet', 'status']), 200);
  return new Response(null, { status: 308, headers: session.received.length > 0 ? { range: `bytes=0-${session.received.length - 1}` } : {} });
}

function checkResource(resource: StandInSession['resource']): Response | null {
  const snippet = resource.snippet ?? {};
  const status = resource.status ?? {};
  const title = snippet.title;
  if (typeof title !== 'string' || !title.trim())
    return googleError(400, 'invalidTitle', 'youtube.video', 'The request metadata specifies an invalid or empty video title.');
  if (title.length > 100 || /[<>]/.test(title))
    return googleError(400, 'invalidTitle', 'youtube.video', 'The request metadata specifies an invalid video title.');
  if (typeof snippet.description === 'string' && (snippet.description.length > 5000 || /[<>]/.test(snippet.description)))
    return googleError(400, 'invalidDescription', 'youtube.video', 'The request metadata specifies an invalid video description.');
  if (snippet.categoryId !== undefined && !/^\d+$/.test(String(snippet.categoryId)))
    return googleError(400, 'invalidCategoryId', 'youtube.video', 'The request metadata specifies an invalid video category.');
  if (status.privacyStatus !== undefined && !PRIVACY.has(String(status.privacyStatus)))
    return googleError(400, 'invalidVideoMetadata', 'youtube.video', 'Invalid privacyStatus');
  if (status.publishAt !== undefined && status.privacyStatus !== 'private')
    return googleError(400, 'invalidPublishAt', 'youtube.video', 'A scheduled publishing time needs privacyStatus private.');
  if (status.selfDeclaredMadeForKids !== undefined && typeof status.selfDeclaredMadeForKids !== 'boolean')
    return googleError(400, 'invalidVideoMetadata', 'youtube.video', 'selfDeclaredMadeForKids must be a boolean');
  return null;
}
