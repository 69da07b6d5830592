import { PlatformError } from '../../../platform-error';
import type { ConnectorEnv } from '../../../connector';
import type { PublishingCapability, PublishMedia, PublishRequest, PublishResult } from '../../../publishing';
import { mediaBlob } from '../../shared/media-bytes';
import type { MetaConfig } from '../meta-config';
import { uploadByUrl, videoStatus, waitPublished } from './facebook-video';
import { asJson, formOf, publishingActing, type Acting } from './meta-acting';
import { ownComment } from './meta-comments';

type FacebookOptions = {
  type?: 'POST' | 'REEL' | 'STORY';
  text?: string | null;
  mediaItems?: { uploadId: string; altText?: string | null }[] | null;
  link?: string | null;
  mediaTitle?: string | null;
  nativeScheduleTime?: string | null;
  textFormatPresetId?: string | null;
};

/** What a Facebook publish saves toward its intent, step by step (all strings). */
type Progress = {
  photos?: string;
  postId?: string;
  videoId?: string;
  uploaded?: string;
  /** The step that makes the object visible was called at this time: the next attempt checks before calling again. */
  postingAt?: string;
};

const PUBLISH = 'publishing.publish';
const FACEBOOK = 'https://www.facebook.com';

/**
 * Facebook Page publishing (https://developers.facebook.com/docs/pages-api/posts), each kind made
 * so that the step that shows it to people can be checked before it is repeated:
 * - text, link and photo posts: photos uploaded unpublished, the post made unpublished
 *   (`published=false`, its id saved), then published (`is_published=true`), which a retry can
 *   read back; `nativeScheduleTime` leaves it scheduled at Meta instead;
 * - a video post: `/videos` with `file_url` (and the `thumbnail` image as the `thumb` file, the one
 *   way Meta documents a custom thumbnail there: multipart), looked up among the Page's videos after
 *   a lost answer;
 * - reels: start (the video id saved) → upload by URL on the rupload host → finish with
 *   `video_state=PUBLISHED`, then the reel's status read until it is out;
 * - stories: a photo uploaded unpublished (or a video started and uploaded), then
 *   `/photo_stories` or `/video_stories`, found again among the Page's stories by that media.
 * First comments go under the post (or the video) as the Page, adopted on a retry.
 */
export function facebookPublishing(config: MetaConfig): PublishingCapability {
  const actingFor = publishingActing(config, 'FACEBOOK');
  const waitSeconds = config.containerWaitSeconds;

  return {
    async publish(env, credentials, target, request) {
      const acting = await actingFor(credentials, { ...target, selectedChannelId: request.channelId ?? target.selectedChannelId }, PUBLISH);
      const options = request.options as FacebookOptions;
      const saved: Progress = { ...request.progress };
      const save = async (progress: Progress) => {
        Object.assign(saved, progress);
        await request.checkpoint?.(progress as Record<string, string>);
      };
      const type = options.type ?? 'POST';
      const videos = request.media.filter((medium) => medium.type === 'video');
      if (type === 'POST' && videos.length > 0) {
        if (request.media.length > 1) throw refused('A Facebook post takes photos or one video, not both or several videos.');
        return videoPost(env, acting, { video: videos[0]!, thumbnail: request.thumbnail }, options, saved, save);
      }
      const result =
        type === 'STORY'
          ? await story(config, acting, request, saved, save)
          : type === 'REEL'
            ? await reel(config, acting, request, options, saved, save, waitSeconds)
            : await feedPost(acting, request, options, saved, save);
      // Meta documents a custom thumbnail only for Page video posts (`thumb`).
      return request.thumbnail ? { ...result, warning: 'Published; Facebook takes a thumbnail only for video posts, so the thumbnail was not used.' } : result;
    },

    async findByIntent(_env, credentials, target, _intentKey, context) {
      const saved: Progress = { ...context?.progress };
      if (!saved.postId && !saved.videoId) return null;
      const acting = await actingFor(credentials, { ...target, selectedChannelId: context?.channelId ?? target.selectedChannelId }, 'publishing.find');
      const type = (context?.options as FacebookOptions | undefined)?.type ?? 'POST';
      if (type === 'POST' && saved.postId) {
        const post = await readPost(acting, saved.postId);
        // Made but not yet shown: the next publish shows it.
        return post.is_published || (context?.options as FacebookOptions | undefined)?.nativeScheduleTime ? postResult(saved.postId, post) : null;
      }
      if (type === 'REEL' && saved.videoId && saved.postingAt) {
        const status = await videoStatus(acting, saved.videoId);
        return status.publishing_phase?.status === 'complete' ? videoResult(acting, saved.videoId) : null;
      }
      if (type === 'STORY' && saved.postId) return storyResult(acting, saved.postId);
      if (type === 'POST' && saved.videoId) return videoResult(acting, saved.videoId);
      return null;
    },

    async comment(_env, credentials, target, request) {
      const operation = 'publishing.comment';
      const acting = await actingFor(credentials, target, operation, 'comments');
      const objectId = request.externalData.postId ?? request.externalData.videoId ?? request.externalData.id;
      if (!objectId) throw refused('The Facebook post to comment on is unknown.', operation);
      const earlier = await ownComment(acting, { operation, objectId, text: request.text, textField: 'message' });
      const id =
        earlier ??
        (await acting.graph.call<{ id: string }>({ operation, path: `/${objectId}/comments`, token: acting.token, form: { message: request.text } })).id;
      return { id, permalink: null };
    },
  };
}

type Save = (progress: Progress) => Promise<void>;
type GraphPost = { is_published?: boolean; permalink_url?: string; full_picture?: string };

async function feedPost(acting: Acting, request: PublishRequest, options: FacebookOptions, saved: Progress, save: Save): Promise<PublishResult> {
  const { graph, token, accountId } = acting;
  const scheduled = options.nativeScheduleTime ? Math.floor(Date.parse(options.nativeScheduleTime) / 1000) : null;
  if (!saved.postId) {
    let photos = saved.photos ? saved.photos.split(',') : [];
    if (photos.length === 0 && request.media.length > 0) {
      const altOf = new Map((options.mediaItems ?? []).map((item) => [item.uploadId, item.altText ?? undefined]));
      // Unpublished photos show nowhere until a post attaches them: made again on a retry, they are harmless.
      photos = await Promise.all(
        request.media.map(async (medium) => {
          const made = await graph.call<{ id: string }>({
            operation: 'publishing.photo',
            path: `/${accountId}/photos`,
            token,
            form: formOf({ url: medium.url, published: false, alt_text_custom: altOf.get(medium.id) }),
          });
          return made.id;
        }),
      );
      await save({ photos: photos.join(',') });
    }
    const form = formOf({
      message: options.text,
      link: options.link,
      text_format_preset_id: options.textFormatPresetId,
      published: false,
      ...(scheduled ? { scheduled_publish_time: scheduled, unpublished_content_type: 'SCHEDULED' } : {}),
    });
    photos.forEach((id, index) => (form[`attached_media[${index}]`] = asJson({ media_fbid: id })));
    const made = await graph.call<{ id: string }>({ operation: 'publishing.post', path: `/${accountId}/feed`, token, form });
    await save({ postId: made.id });
  }
  const postId = saved.postId!;
  if (scheduled) return postResult(postId, await readPost(acting, postId));
  // Showing a post twice is harmless, and the read tells whether an earlier attempt already did.
  const before = saved.postingAt ? await readPost(acting, postId) : null;
  if (!before?.is_published) {
    await save({ postingAt: new Date().toISOString() });
    await graph.call({ operation: PUBLISH, path: `/${postId}`, token, form: { is_published: 'true' } });
  }
  return postResult(postId, await readPost(acting, postId));
}

async function videoPost(
  env: ConnectorEnv,
  acting: Acting,
  files: { video: PublishMedia; thumbnail?: PublishMedia },
  options: FacebookOptions,
  saved: Progress,
  save: Save,
): Promise<PublishResult> {
  const { video, thumbnail } = files;
  const { graph, token, accountId } = acting;
  if (!saved.videoId && saved.postingAt) {
    // The last attempt's answer was lost: the video it posted is among the Page's latest, with its description.
    const since = Date.parse(saved.postingAt) - 60_000;
    const listed = await graph.call<{ data?: { id: string; description?: string; created_time?: string }[] }>({
      operation: 'publishing.find',
      path: `/${accountId}/videos`,
      token,
      query: { fields: 'id,description,created_time', limit: '25' },
    });
    const found = (listed.data ?? []).find(
      (item) => Date.parse(item.created_time ?? '') >= since && (item.description ?? '').trim() === (options.text ?? '').trim(),
    );
    if (found) await save({ videoId: found.id });
  }
  if (!saved.videoId) {
    const fields = formOf({ file_url: video.url, description: options.text, title: options.mediaTitle });
    // Read before the intent's time is saved: an unreadable thumbnail fails the attempt before anything is posted.
    const thumb = thumbnail ? await mediaBlob(env, thumbnail, { platform: 'FACEBOOK', operation: PUBLISH }) : null;
    await save({ postingAt: new Date().toISOString() });
    const made = await graph.call<{ id: string }>({
      operation: PUBLISH,
      path: `/${accountId}/videos`,
      token,
      ...(thumb ? { multipart: multipartOf(fields, { thumb: [thumb, thumbnailName(thumbnail!)] }) } : { form: fields }),
    });
    await save({ videoId: made.id });
  }
  return videoResult(acting, saved.videoId!);
}

async function reel(
  config: MetaConfig,
  acting: Acting,
  request: PublishRequest,
  options: FacebookOptions,
  saved: Progress,
  save: Save,
  waitSeconds: number,
): Promise<PublishResult> {
  const { graph, token, accountId } = acting;
  const video = request.media.find((medium) => medium.type === 'video');
  if (!video) throw refused('A Facebook reel needs a video.');
  if (!saved.videoId) {
    const started = await graph.call<{ video_id: string }>({
      operation: 'publishing.start',
      path: `/${accountId}/video_reels`,
      token,
      form: { upload_phase: 'start' },
    });
    await save({ videoId: started.video_id });
  }
  const videoId = saved.videoId!;
  if (!saved.uploaded) {
    await uploadByUrl(config, acting, videoId, video);
    await save({ uploaded: '1' });
  }
  // Finishing publishes: only when no earlier attempt's finish reached Meta.
  const finished = saved.postingAt ? (await videoStatus(acting, videoId)).publishing_phase?.status : undefined;
  if (!finished || finished === 'not_started') {
    await save({ postingAt: new Date().toISOString() });
    await graph.call({
      operation: PUBLISH,
      path: `/${accountId}/video_reels`,
      token,
      form: formOf({ upload_phase: 'finish', video_id: videoId, video_state: 'PUBLISHED', description: options.text, title: options.mediaTitle }),
    });
  }
  await waitPublished(acting, videoId, waitSeconds);
  return videoResult(acting, videoId);
}

async function story(config: MetaConfig, acting: Acting, request: PublishRequest, saved: Progress, save: Save): Promise<PublishResult> {
  const { graph, token, accountId } = acting;
  const medium = request.media[0];
  if (!medium) throw refused('A Facebook story needs one photo or video.');
  const edge = medium.type === 'video' ? 'video_stories' : 'photo_stories';
  if (!saved.videoId) {
    if (medium.type === 'video') {
      const started = await graph.call<{ video_id: string }>({
        operation: 'publishing.start',
        path: `/${accountId}/video_stories`,
        token,
        form: { upload_phase: 'start' },
      });
      await save({ videoId: started.video_id });
    } else {
      const photo = await graph.call<{ id: string }>({
        operation: 'publishing.photo',
        path: `/${accountId}/photos`,
        token,
        form: { url: medium.url, published: 'false' },
      });
      await save({ videoId: photo.id });
    }
  }
  // `videoId` holds the story's media: the video, or the unpublished photo.
  const mediaId = saved.videoId!;
  if (medium.type === 'video' && !saved.uploaded) {
    await uploadByUrl(config, acting, mediaId, medium);
    await save({ uploaded: '1' });
  }
  if (!saved.postId && saved.postingAt) {
    const found = (await stories(acting)).find((item) => item.media_id === mediaId);
    if (found?.post_id) await save({ postId: found.post_id });
  }
  if (!saved.postId) {
    await save({ postingAt: new Date().toISOString() });
    const form: Record<string, string> = medium.type === 'video' ? { upload_phase: 'finish', video_id: mediaId } : { photo_id: mediaId };
    const made = await graph.call<{ success?: boolean; post_id?: string }>({ operation: PUBLISH, path: `/${accountId}/${edge}`, token, form });
    if (!made.post_id)
      throw new PlatformError({
        code: 'TRANSIENT',
        message: `${PUBLISH}: Facebook answered the story without a post id`,
        httpStatus: 200,
        meta: { platform: 'FACEBOOK', operation: PUBLISH },
      });
    await save({ postId: made.post_id });
  }
  return storyResult(acting, saved.postId!);
}

type Story = { post_id?: string; media_id?: string; url?: string; status?: string };

async function stories(acting: Acting): Promise<Story[]> {
  const listed = await acting.graph.call<{ data?: Story[] }>({
    operation: 'publishing.find',
    path: `/${acting.accountId}/stories`,
    token: acting.token,
    query: { fields: 'post_id,media_id,url,status' },
  });
  return listed.data ?? [];
}

async function storyResult(acting: Acting, postId: string): Promise<PublishResult> {
  const found = (await stories(acting).catch(() => [])).find((item) => item.post_id === postId);
  return { externalData: { id: postId, postId, permalink: found?.url ?? '' } };
}

/** Form fields plus files, as `curl -F` sends them. */
function multipartOf(fields: Record<string, string>, files: Record<string, [Blob, string]>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  for (const [key, [blob, name]] of Object.entries(files)) form.set(key, blob, name);
  return form;
}

const thumbnailName = (thumbnail: PublishMedia) => `thumbnail.${thumbnail.mime === 'image/png' ? 'png' : 'jpg'}`;

function readPost(acting: Acting, postId: string): Promise<GraphPost> {
  return acting.graph.call<GraphPost>({
    operation: 'publishing.read',
    path: `/${postId}`,
    token: acting.token,
    query: { fields: 'id,is_published,permalink_url,full_picture' },
  });
}

function postResult(postId: string, post: GraphPost): PublishResult {
  return { externalData: { id: postId, postId, permalink: post.permalink_url ?? '', ...(post.full_picture ? { thumbnail: post.full_picture } : {}) } };
}

async function videoResult(acting: Acting, videoId: string): Promise<PublishResult> {
  const video = await acting.graph
    .call<{ permalink_url?: string; picture?: string }>({
      operation: 'publishing.read',
      path: `/${videoId}`,
      token: acting.token,
      query: { fields: 'id,permalink_url,picture' },
    })
    .catch(() => ({}) as { permalink_url?: string; picture?: string });
  // The video's `permalink_url` is a path on facebook.com.
  const permalink = video.permalink_url ? (video.permalink_url.startsWith('/') ? `${FACEBOOK}${video.permalink_url}` : video.permalink_url) : '';
  return { externalData: { id: videoId, videoId, permalink, ...(video.picture ? { thumbnail: video.picture } : {}) } };
}

function refused(text: string, operation = PUBLISH): PlatformError {
  return new PlatformError({
    code: 'INVALID_REQUEST',
    message: `${operation}: ${text}`,
    httpStatus: 400,
    userFacingMessage: text,
    meta: { platform: 'FACEBOOK', operation },
  });
}
