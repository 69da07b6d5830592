import { setTimeout as sleep } from 'node:timers/promises';
import type { ConnectorEnv, Credentials } from '../../connector';
import { PlatformError } from '../../platform-error';
import { stillProcessing, type PublishingCapability, type PublishMedia, type PublishRequest, type PublishResult } from '../../publishing';
import { mediaBlob } from '../shared/media-bytes';
import { shortsUrl, watchUrl, type YoutubeApi } from './youtube-api';
import { actingChannel } from './youtube-profile';
import { querySession, sendFrom, startSession, type UploadedVideo } from './youtube-upload';

/** What one publish saves toward its intent (`PublishRequest.progress`). */
type UploadProgress = { sessionUri?: string; videoId?: string; thumbnailSet?: string };

type VideoState = {
  id: string;
  status?: { uploadStatus?: string; failureReason?: string; rejectionReason?: string; privacyStatus?: string };
  processingDetails?: { processingStatus?: string; processingFailureReason?: string; processingProgress?: { partsProcessed?: string; partsTotal?: string } };
  snippet?: { channelId?: string; thumbnails?: Record<string, { url?: string }> };
};

const PARTS = 'snippet,status,paidProductPlacementDetails';
const POLL_MS = 1_000;

/** YouTube files a video as a Short when it is vertical or square and under 3 minutes (as the sandbox decides). */
export function isShort(options: Record<string, unknown>, video: PublishMedia | undefined): boolean {
  if (!video || options.type === 'VIDEO') return false;
  const { width, height, videoLength } = video;
  return !!width && !!height && (videoLength ?? Infinity) <= 180 && width / height <= 1 && width / height >= 1 / 3;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

/** The `videos.insert` resource from `data.YOUTUBE` (privacy, made for kids, language, and the optional category, tags and publishAt). */
export function videoResource(options: Record<string, unknown>): Record<string, unknown> {
  const publishAt = text(options.publishAt);
  const privacy = text(options.privacy)?.toLowerCase() ?? 'public';
  const tags = Array.isArray(options.tags) ? options.tags.filter((tag): tag is string => typeof tag === 'string') : undefined;
  return {
    snippet: {
      title: String(options.text ?? ''),
      ...(text(options.description) ? { description: options.description } : {}),
      ...(tags?.length ? { tags } : {}),
      // 22 "People & Blogs" is YouTube's own default for uploads without one.
      categoryId: text(options.categoryId) ?? '22',
      ...(text(options.defaultLanguage) ? { defaultLanguage: options.defaultLanguage } : {}),
      ...(text(options.defaultAudioLanguage) ? { defaultAudioLanguage: options.defaultAudioLanguage } : {}),
    },
    status: {
      // A scheduled publish time needs a private video: YouTube makes it public then.
      privacyStatus: publishAt ? 'private' : privacy,
      ...(publishAt ? { publishAt } : {}),
      selfDeclaredMadeForKids: options.madeForKids === true,
      containsSyntheticMedia: options.containsSyntheticMedia === true,
    },
    paidProductPlacementDetails: { hasPaidProductPlacement: options.hasPaidProductPlacement === true },
  };
}

export function youtubePublishing(api: YoutubeApi): PublishingCapability {
  const { chunkBytes, processingWaitSeconds } = api.config;

  async function videoState(accessToken: string, videoId: string): Promise<VideoState | null> {
    const answer = await api.json<{ items?: VideoState[] }>(accessToken, {
      operation: 'publishing.status',
      path: '/videos',
      query: { part: 'snippet,status,processingDetails', id: videoId },
    });
    return answer.items?.[0] ?? null;
  }

  /** Waits for processing within the attempt's budget; then lets the worker go and resumes from the checkpoint. */
  async function waitProcessed(accessToken: string, videoId: string): Promise<VideoState> {
    const deadline = Date.now() + processingWaitSeconds * 1000;
    for (;;) {
      const state = await videoState(accessToken, videoId);
      if (!state) {
        throw new PlatformError({
          code: 'NOT_FOUND',
          message: `publishing.status: video ${videoId} is gone (deleted on YouTube)`,
          httpStatus: 404,
          meta: { platform: 'YOUTUBE', operation: 'publishing.status', videoId },
        });
      }
      const upload = state.status?.uploadStatus;
      const processing = state.processingDetails?.processingStatus;
      if (upload === 'failed' || upload === 'rejected' || processing === 'failed' || processing === 'terminated') {
        const why = state.status?.rejectionReason ?? state.status?.failureReason ?? state.processingDetails?.processingFailureReason ?? upload ?? processing;
        throw new PlatformError({
          code: 'PERMANENT',
          message: `publishing.status: YouTube could not process video ${videoId} (${why})`,
          httpStatus: 200,
          userFacingMessage: `YouTube refused the video (${why}).`,
          meta: { platform: 'YOUTUBE', operation: 'publishing.status', videoId, youtubeReason: why },
        });
      }
      if (upload === 'processed' || processing === 'succeeded') return state;
      const left = deadline - Date.now();
      if (left <= 0) {
        const parts = state.processingDetails?.processingProgress;
        throw stillProcessing({
          platform: 'YOUTUBE',
          operation: 'publishing.status',
          message: `publishing.status: YouTube is processing video ${videoId}${parts?.partsTotal ? ` (${parts.partsProcessed ?? 0}/${parts.partsTotal} parts)` : ''}`,
          meta: { videoId, ...(parts?.partsTotal ? { partsProcessed: Number(parts.partsProcessed ?? 0), partsTotal: Number(parts.partsTotal) } : {}) },
        });
      }
      await sleep(Math.min(POLL_MS, left));
    }
  }

  async function upload(
    env: ConnectorEnv,
    accessToken: string,
    request: PublishRequest,
    saved: UploadProgress,
    save: (p: UploadProgress) => Promise<void>,
  ): Promise<UploadedVideo> {
    const medium = request.media.find((candidate) => candidate.type === 'video');
    if (!medium) {
      throw new PlatformError({
        code: 'INVALID_REQUEST',
        message: 'publishing.publish: YouTube takes one video',
        httpStatus: 0,
        meta: { platform: 'YOUTUBE', operation: 'publishing.publish' },
      });
    }
    let from = 0;
    if (saved.sessionUri) {
      // A session recorded by an earlier attempt: resume it rather than create a second video.
      const state = await querySession(api, accessToken, saved.sessionUri, medium.size);
      if (state.kind === 'complete') return state.video;
      if (state.kind === 'incomplete') from = state.received;
      else await save({ sessionUri: '' });
    }
    if (!saved.sessionUri) {
      const sessionUri = await startSession(api, accessToken, {
        resource: videoResource(request.options),
        size: medium.size,
        mime: medium.mime ?? 'video/*',
        parts: PARTS,
      });
      // The intent: recorded before the first byte, so a crash resumes this session.
      await save({ sessionUri });
    }
    return sendFrom(api, env, accessToken, { sessionUri: saved.sessionUri!, medium, from, chunkBytes });
  }

  async function setThumbnail(env: ConnectorEnv, accessToken: string, videoId: string, thumbnail: PublishMedia): Promise<string | undefined> {
    try {
      const image = await mediaBlob(env, thumbnail, { platform: 'YOUTUBE', operation: 'publishing.thumbnail' });
      await api.raw(accessToken, {
        operation: 'publishing.thumbnail',
        method: 'POST',
        upload: true,
        path: '/thumbnails/set',
        query: { videoId, uploadType: 'media' },
        // Setting the same image again changes nothing: safe to repeat.
        idempotent: true,
        headers: { 'content-type': thumbnail.mime ?? 'image/jpeg' },
        body: new Uint8Array(await image.arrayBuffer()),
      });
      return undefined;
    } catch (error) {
      if (!(error instanceof PlatformError) || error.isTransient) throw error;
      // Custom thumbnails need a verified channel; the video stays published without one.
      return `The video was published, but YouTube refused its custom thumbnail: ${error.message}`;
    }
  }

  function resultOf(video: VideoState, request: PublishRequest, sessionUri: string | undefined, warning?: string): PublishResult {
    const medium = request.media.find((candidate) => candidate.type === 'video');
    const short = isShort(request.options, medium);
    const thumbnail = request.thumbnail?.url ?? video.snippet?.thumbnails?.high?.url ?? video.snippet?.thumbnails?.default?.url;
    return {
      externalData: {
        id: video.id,
        permalink: short ? shortsUrl(video.id) : watchUrl(video.id),
        ...(thumbnail ? { thumbnail } : {}),
        ...(sessionUri ? { sessionUri } : {}),
        ...(video.snippet?.channelId ? { channelId: video.snippet.channelId } : {}),
      },
      ...(warning ? { warning } : {}),
    };
  }

  return {
    async publish(env, credentials, target, request) {
      const saved: UploadProgress = { ...(request.progress as UploadProgress | undefined) };
      const save = async (progress: UploadProgress) => {
        Object.assign(saved, progress);
        await request.checkpoint?.(progress as Record<string, string>);
      };
      const token = credentials.accessToken;
      if (!saved.videoId) {
        // The token must act as the selected channel: uploads go to the channel the token is for.
        await actingChannel(api, token, target.selectedChannelId, 'publishing.publish');
        const video = await upload(env, token, request, saved, save);
        await save({ videoId: video.id });
      }
      const videoId = saved.videoId!;
      let warning: string | undefined;
      if (request.thumbnail && !saved.thumbnailSet) {
        warning = await setThumbnail(env, token, videoId, request.thumbnail);
        await save({ thumbnailSet: warning ? 'refused' : 'yes' });
      }
      const state = await waitProcessed(token, videoId);
      return resultOf(state, request, saved.sessionUri, warning);
    },

    async findByIntent(_env, credentials, _target, _intentKey, context) {
      const saved: UploadProgress = { ...(context?.progress as UploadProgress | undefined) };
      if (saved.videoId) {
        const state = await videoState(credentials.accessToken, saved.videoId);
        return state ? resultOf(state, { intentKey: '', options: context?.options ?? {}, media: [], channelId: null }, saved.sessionUri) : null;
      }
      // Only a session: a video exists if its last byte arrived. The size is unknown here, and
      // YouTube answers a finished session's status query with the video whatever the size said.
      return null;
    },

    async comment(_env, credentials: Credentials, target, request) {
      const videoId = request.externalData.id!;
      const channel = await actingChannel(api, credentials.accessToken, target.selectedChannelId, 'publishing.comment');
      // No idempotency key on commentThreads.insert: a repeat looks for its own comment first.
      const existing = await api.json<{ items?: CommentThread[] }>(credentials.accessToken, {
        operation: 'publishing.comment',
        path: '/commentThreads',
        query: { part: 'snippet', videoId, maxResults: '100', order: 'time' },
      });
      const mine = existing.items?.find(
        (thread) =>
          thread.snippet?.topLevelComment?.snippet?.authorChannelId?.value === channel.id &&
          thread.snippet.topLevelComment.snippet.textOriginal === request.text,
      );
      if (mine) return { id: mine.id, permalink: `${watchUrl(videoId)}&lc=${mine.id}` };
      const created = await api.json<CommentThread>(credentials.accessToken, {
        operation: 'publishing.comment',
        method: 'POST',
        path: '/commentThreads',
        query: { part: 'snippet' },
        body: { snippet: { videoId, topLevelComment: { snippet: { textOriginal: request.text } } } },
      });
      return { id: created.id, permalink: `${watchUrl(videoId)}&lc=${created.id}` };
    },
  };
}

export type CommentThread = {
  id: string;
  snippet?: {
    videoId?: string;
    totalReplyCount?: number;
    topLevelComment?: { id: string; snippet?: CommentSnippet };
  };
  replies?: { comments?: { id: string; snippet?: CommentSnippet }[] };
};

export type CommentSnippet = {
  textOriginal?: string;
  textDisplay?: string;
  authorDisplayName?: string;
  authorProfileImageUrl?: string;
  authorChannelUrl?: string;
  authorChannelId?: { value?: string };
  likeCount?: number;
  moderationStatus?: string;
  parentId?: string;
  publishedAt?: string;
  updatedAt?: string;
};
