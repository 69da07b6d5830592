import { setTimeout as sleep } from 'node:timers/promises';
import type { ConnectorEnv } from '../../connector';
import { stillProcessing, type PublishingCapability, type PublishMedia, type PublishRequest, type PublishResult } from '../../publishing';
import { tiktokError, type TikTokApi } from './tiktok-api';
import { checkAgainstCreator, creatorRefusal, interactionSettings, queryCreatorInfo, type CreatorInfo, type TikTokPostChoices } from './tiktok-creator-info';
import { planChunks, uploadChunks, type ChunkPlan } from './tiktok-upload';

type Options = TikTokPostChoices & {
  text?: string | null;
  isBrandContent?: boolean | null;
  isOrganicBrandContent?: boolean | null;
  isAiGenerated?: boolean | null;
  autoAddMusic?: boolean | null;
  photoCoverIndex?: number | null;
  thumbnailOffset?: number | null;
};

/** What one publish saves toward its intent (`PublishRequest.progress`), all strings. */
type Progress = {
  /** TikTok's id of the post being made: recorded before the first byte is sent. */
  publishId?: string;
  uploadUrl?: string;
  /** The next chunk to send; the plan it belongs to. */
  nextChunk?: string;
  chunkSize?: string;
  totalChunkCount?: string;
  mode?: 'DIRECT' | 'INBOX';
  username?: string;
};

type Status = {
  status: 'PROCESSING_UPLOAD' | 'PROCESSING_DOWNLOAD' | 'SEND_TO_USER_INBOX' | 'PUBLISH_COMPLETE' | 'FAILED';
  fail_reason?: string;
  publicaly_available_post_id?: (number | string)[];
  uploaded_bytes?: number;
  downloaded_bytes?: number;
};

const OPERATION = 'publishing.publish';
const DONE = new Set(['PUBLISH_COMPLETE', 'SEND_TO_USER_INBOX']);

/**
 * TikTok's Content Posting API (decision 092). No idempotency key exists: the publish id TikTok
 * answers at init is checkpointed before any byte is sent, with each chunk after it, so a retry or a
 * run after a crash polls that publish and finishes its upload instead of initializing a second
 * post. An init whose answer is lost cannot be found again (TikTok lists nothing by request); the
 * window is one call.
 */
export function tiktokPublishing(api: TikTokApi): PublishingCapability {
  return {
    async publish(env, credentials, _target, request) {
      const options = request.options as Options;
      const saved: Progress = { ...(request.progress as Progress | undefined) };
      const save = async (progress: Progress) => {
        Object.assign(saved, progress);
        await request.checkpoint?.(progress as Record<string, string>);
      };
      const token = credentials.accessToken;

      if (saved.publishId) {
        const status = await fetchStatus(api, token, saved.publishId);
        if (DONE.has(status.status)) return result(saved, status);
        if (status.status === 'FAILED') {
          // A failed publish never shows: the next attempt starts a new one.
          await save({ publishId: '', uploadUrl: '', nextChunk: '' });
          throw failed(status);
        }
        if (status.status === 'PROCESSING_UPLOAD' && saved.uploadUrl && Number(saved.nextChunk) < Number(saved.totalChunkCount)) {
          await sendVideo(api, env, token, request, saved, save);
        }
        return waitDone(api, token, saved);
      }

      // TikTok asks for the creator's current settings before every post.
      const info = await queryCreatorInfo(api, token);
      const video = options.type === 'IMAGE' ? null : request.media[0];
      const problems = checkAgainstCreator(info, options, video?.videoLength ?? null);
      if (problems.length > 0) throw creatorRefusal(problems, OPERATION);
      const mode = options.uploadToDraft ? 'INBOX' : 'DIRECT';

      if (options.type === 'IMAGE') {
        const publishId = await initPhoto(api, token, env, request, options, info, mode);
        await save({ publishId, mode, username: info.creator_username });
        return waitDone(api, token, saved);
      }
      if (!video) throw tiktokError('INVALID_REQUEST', OPERATION, 'a TikTok video post takes one video');
      const plan = planChunks(video.size, api.config.chunkBytes ?? 10 * 1024 * 1024);
      const init = await initVideo(api, token, options, info, mode, plan);
      // The intent TikTok knows, saved before the first byte: a retry resumes this upload.
      await save({
        publishId: init.publish_id,
        uploadUrl: init.upload_url,
        nextChunk: '0',
        chunkSize: String(plan.chunkSize),
        totalChunkCount: String(plan.totalChunkCount),
        mode,
        username: info.creator_username,
      });
      await sendVideo(api, env, token, request, saved, save);
      return waitDone(api, token, saved);
    },

    async findByIntent(_env, credentials, _target, _intentKey, context) {
      const progress = (context?.progress ?? {}) as Progress;
      if (!progress.publishId) return null;
      const status = await fetchStatus(api, credentials.accessToken, progress.publishId);
      return DONE.has(status.status) ? result(progress, status) : null;
    },

    async comment() {
      // Neither the Content Posting API nor the Display API lets an app write comments.
      throw tiktokError(
        'INVALID_REQUEST',
        'publishing.comment',
        "TikTok's API offers no way to post comments",
        "TikTok's API does not let apps post comments; add it in the TikTok app.",
      );
    },
  };
}

async function initVideo(api: TikTokApi, token: string, options: Options, info: CreatorInfo, mode: 'DIRECT' | 'INBOX', plan: ChunkPlan) {
  const source_info = { source: 'FILE_UPLOAD', video_size: plan.videoSize, chunk_size: plan.chunkSize, total_chunk_count: plan.totalChunkCount };
  if (mode === 'INBOX') {
    // Drafts carry no post settings: the person finishes the post in TikTok from its inbox notification.
    return api.asUser<{ publish_id: string; upload_url: string }>(token, {
      operation: OPERATION,
      method: 'POST',
      path: '/v2/post/publish/inbox/video/init/',
      body: { source_info },
    });
  }
  return api.asUser<{ publish_id: string; upload_url: string }>(token, {
    operation: OPERATION,
    method: 'POST',
    path: '/v2/post/publish/video/init/',
    body: {
      post_info: {
        title: options.text ?? '',
        privacy_level: options.privacy,
        ...interactionSettings(info, options),
        ...(options.thumbnailOffset ? { video_cover_timestamp_ms: Math.round(options.thumbnailOffset) } : {}),
        brand_content_toggle: options.isBrandContent === true,
        brand_organic_toggle: options.isOrganicBrandContent === true,
        is_aigc: options.isAiGenerated === true,
      },
      source_info,
    },
  });
}

async function initPhoto(
  api: TikTokApi,
  token: string,
  env: ConnectorEnv,
  request: PublishRequest,
  options: Options,
  info: CreatorInfo,
  mode: 'DIRECT' | 'INBOX',
): Promise<string> {
  // Photos are pulled by TikTok from our public address, which must be a domain verified in the app's settings.
  const images = request.media.filter((medium) => medium.type === 'image').map((medium) => publicMediaUrl(env, medium));
  const { disable_comment } = interactionSettings(info, options);
  const answer = await api.asUser<{ publish_id: string }>(token, {
    operation: OPERATION,
    method: 'POST',
    path: '/v2/post/publish/content/init/',
    body: {
      post_info: {
        title: '',
        description: options.text ?? '',
        ...(mode === 'DIRECT'
          ? {
              privacy_level: options.privacy,
              disable_comment,
              auto_add_music: options.autoAddMusic === true,
              brand_content_toggle: options.isBrandContent === true,
              brand_organic_toggle: options.isOrganicBrandContent === true,
            }
          : {}),
      },
      source_info: { source: 'PULL_FROM_URL', photo_cover_index: options.photoCoverIndex ?? 0, photo_images: images },
      post_mode: mode === 'DIRECT' ? 'DIRECT_POST' : 'MEDIA_UPLOAD',
      media_type: 'PHOTO',
    },
  });
  return answer.publish_id;
}

function publicMediaUrl(env: ConnectorEnv, medium: PublishMedia): string {
  return medium.url.startsWith('http') ? medium.url : `${env.publicUrl}${medium.url}`;
}

async function sendVideo(
  api: TikTokApi,
  env: ConnectorEnv,
  token: string,
  request: PublishRequest,
  saved: Progress,
  save: (progress: Progress) => Promise<void>,
) {
  const video = request.media[0];
  if (!video) throw tiktokError('INVALID_REQUEST', OPERATION, 'the video of this post is gone');
  if (!env.storage) throw new Error('publishing to TikTok needs the upload storage');
  const storage = env.storage;
  const plan: ChunkPlan = { videoSize: video.size, chunkSize: Number(saved.chunkSize), totalChunkCount: Number(saved.totalChunkCount) };
  await uploadChunks({
    api,
    accessToken: token,
    uploadUrl: saved.uploadUrl!,
    plan,
    from: Number(saved.nextChunk ?? 0),
    mime: video.mime ?? 'video/mp4',
    open: (range) => storage.open(video.key, range),
    saved: (next) => save({ nextChunk: String(next) }),
  });
}

function fetchStatus(api: TikTokApi, token: string, publishId: string): Promise<Status> {
  return api.asUser<Status>(token, {
    operation: 'publishing.status',
    method: 'POST',
    path: '/v2/post/publish/status/fetch/',
    body: { publish_id: publishId },
    // Reading a status twice changes nothing.
    idempotent: true,
  });
}

/** Polls `status/fetch` until the post is published (or in the inbox), within this attempt's time. */
async function waitDone(api: TikTokApi, token: string, saved: Progress): Promise<PublishResult> {
  // The wait is for TikTok's processing: it starts once the file is sent, however long that took.
  const deadline = Date.now() + (api.config.statusWaitSeconds ?? 20) * 1000;
  for (;;) {
    const status = await fetchStatus(api, token, saved.publishId!);
    if (DONE.has(status.status)) return result(saved, status);
    if (status.status === 'FAILED') throw failed(status);
    if (Date.now() >= deadline) {
      throw stillProcessing({
        platform: 'TIKTOK',
        operation: OPERATION,
        message: `TikTok is still processing publish ${saved.publishId} (${status.status})`,
        retryAfterSeconds: 10,
        meta: { publishId: saved.publishId, tiktokStatus: status.status },
      });
    }
    await sleep(api.config.statusPollMs ?? 2_000);
  }
}

function result(saved: Progress, status: Status): PublishResult {
  const postId = status.publicaly_available_post_id?.[0];
  const externalData: Record<string, string> = {
    id: postId !== undefined ? String(postId) : saved.publishId!,
    requestId: saved.publishId!,
    status: status.status,
  };
  // Only public posts get a post id, after moderation; private posts and drafts have no public page.
  if (postId !== undefined && saved.username) externalData.permalink = `https://www.tiktok.com/@${saved.username}/video/${postId}`;
  return { externalData };
}

function failed(status: Status) {
  const reason = status.fail_reason ?? 'unknown';
  return tiktokError(
    'INVALID_REQUEST',
    OPERATION,
    `TikTok could not publish the post (${reason})`,
    `TikTok could not publish the post: ${reason.replace(/_/g, ' ')}.`,
  );
}
