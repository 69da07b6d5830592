import type { PostPlatform } from '../platform-types';
import type { PlatformOptions } from './registry';

/** What the rules need to know of an upload; the API reads it from the database, the composer from its library. */
export type UploadFacts = {
  id: string;
  type: 'image' | 'video' | 'document';
  mime: string | null;
  width: number | null;
  height: number | null;
  /** Seconds. */
  videoLength: number | null;
  fileSize: number | null;
};

export type MediaIssue = { path: (string | number)[]; message: string };

export type Reference = { id: string; path: (string | number)[]; role: 'media' | 'thumbnail' };

/** Every upload a platform's options point at, with where it sits. */
export function references(options: Record<string, unknown>): Reference[] {
  const found: Reference[] = [];
  const ids = (value: unknown, path: (string | number)[]) =>
    Array.isArray(value) && value.forEach((id, i) => typeof id === 'string' && found.push({ id, path: [...path, i], role: 'media' }));
  const items = (value: unknown, key: string) =>
    Array.isArray(value) &&
    value.forEach((item, i) => {
      const uploadId = (item as { uploadId?: unknown })?.uploadId;
      if (typeof uploadId === 'string') found.push({ id: uploadId, path: [key, i, 'uploadId'], role: 'media' });
    });
  ids(options.uploadIds, ['uploadIds']);
  items(options.mediaItems, 'mediaItems');
  items(options.carouselItems, 'carouselItems');
  if (Array.isArray(options.thread)) {
    options.thread.forEach((entry, i) => ids((entry as { uploadIds?: unknown })?.uploadIds, ['thread', i, 'uploadIds']));
  }
  if (typeof options.thumbnail === 'string') found.push({ id: options.thumbnail, path: ['thumbnail'], role: 'thumbnail' });
  return found;
}

type Limits = {
  maxImages?: number;
  maxVideos?: number;
  mixed?: boolean;
  maxVideoSeconds?: number;
  /** The only image formats the platform takes; others are converted to the first at publish (media-adaptations.ts). */
  imageMimes?: string[];
  noVideo?: boolean;
  /** Bytes per image, where the platform refuses bigger files rather than resizing them; `label` names it in the message. */
  maxImageBytes?: { max: number; label: string };
};

// Published limits of each platform for the media of one post.
const LIMITS: Record<PostPlatform, Limits> = {
  TWITTER: { maxImages: 4, maxVideos: 1, mixed: false, maxVideoSeconds: 140 },
  INSTAGRAM: { maxImages: 10, maxVideos: 10, mixed: true, maxVideoSeconds: 15 * 60, imageMimes: ['image/jpeg'] },
  FACEBOOK: { maxImages: 10, maxVideos: 1, mixed: false, maxVideoSeconds: 4 * 3600 },
  THREADS: { maxImages: 20, maxVideos: 20, mixed: true, maxVideoSeconds: 5 * 60 },
  TIKTOK: { maxImages: 35, maxVideos: 1, mixed: false, maxVideoSeconds: 10 * 60 },
  LINKEDIN: { maxImages: 20, maxVideos: 1, mixed: false, maxVideoSeconds: 15 * 60 },
  // Kinds and count are YouTube's own rule below (exactly one video).
  YOUTUBE: { maxVideoSeconds: 4 * 3600 },
  PINTEREST: { maxImages: 5, maxVideos: 1, mixed: false, maxVideoSeconds: 15 * 60 },
  REDDIT: { maxImages: 20, maxVideos: 1, mixed: false, maxVideoSeconds: 15 * 60 },
  MASTODON: { maxImages: 4, maxVideos: 1, mixed: false, maxVideoSeconds: 40 * 60 },
  DISCORD: { maxImages: 10, maxVideos: 10, mixed: true },
  SLACK: { maxImages: 10, maxVideos: 10, mixed: true },
  // app.bsky.embed.images takes blobs of at most 1,000,000 bytes: the PDS stores a bigger one, the post is refused.
  BLUESKY: { maxImages: 4, maxVideos: 1, mixed: false, maxVideoSeconds: 3 * 60, maxImageBytes: { max: 1_000_000, label: 'Bluesky' } },
  GOOGLE_BUSINESS: { maxImages: 1, maxVideos: 0, noVideo: true },
  SNAPCHAT: { maxImages: 20, maxVideos: 20, mixed: true, maxVideoSeconds: 60 },
};

/** The image formats a platform takes as they are (undefined: any the service accepts). */
export function acceptedImageMimes(platform: PostPlatform): readonly string[] | undefined {
  return LIMITS[platform].imageMimes;
}

const YOUTUBE_MAX_BYTES = 5 * 1024 ** 3;
const SAVED_STORY_SECONDS = 5 * 60;

/**
 * Rules that need the uploads themselves: existence, kind, count, duration. Returns issues with
 * paths inside `data.<PLATFORM>`; an empty list means the media fit.
 */
export function checkPostMedia<P extends PostPlatform>(platform: P, options: PlatformOptions[P], uploads: ReadonlyMap<string, UploadFacts>): MediaIssue[] {
  const issues: MediaIssue[] = [];
  const refs = references(options as Record<string, unknown>);
  const media: { ref: Reference; upload: UploadFacts }[] = [];
  const limits = LIMITS[platform];
  // A thread's later posts (X, Bluesky) carry their own media under their own limits, not the first post's.
  for (const ref of refs) {
    const upload = uploads.get(ref.id);
    if (!upload) issues.push({ path: ref.path, message: `Upload ${ref.id} was not found in this team` });
    else if (ref.role === 'thumbnail') {
      if (upload.type !== 'image') issues.push({ path: ref.path, message: 'The thumbnail must be an image uploaded to the service' });
      // A Bluesky link card's image is a blob under the same limit as a post's images.
      else issues.push(...imageSizeIssues(limits, ref, upload));
    } else {
      // Every image of the post, its thread's included, must fit the platform's file size.
      issues.push(...imageSizeIssues(limits, ref, upload));
      if (!((platform === 'TWITTER' || platform === 'BLUESKY') && ref.path[0] === 'thread')) media.push({ ref, upload });
    }
  }
  if (issues.length > 0) return issues;

  const images = media.filter((m) => m.upload.type === 'image');
  const videos = media.filter((m) => m.upload.type === 'video');
  const first = media[0]?.ref.path ?? ['uploadIds'];
  for (const m of media) if (m.upload.type === 'document') issues.push({ path: m.ref.path, message: 'Documents cannot be posted here' });
  if (limits.noVideo && videos.length > 0) issues.push({ path: videos[0]!.ref.path, message: 'Videos are not supported on this platform' });
  if (limits.maxImages !== undefined && images.length > limits.maxImages) {
    issues.push({ path: first, message: `At most ${limits.maxImages} image${limits.maxImages === 1 ? '' : 's'} per post` });
  }
  if (limits.maxVideos !== undefined && !limits.noVideo && videos.length > limits.maxVideos) {
    issues.push({ path: first, message: `At most ${limits.maxVideos} video${limits.maxVideos === 1 ? '' : 's'} per post` });
  }
  if (limits.mixed === false && images.length > 0 && videos.length > 0) issues.push({ path: first, message: 'Images and a video cannot be mixed in one post' });
  for (const m of videos) {
    if (limits.maxVideoSeconds && (m.upload.videoLength ?? 0) > limits.maxVideoSeconds) {
      issues.push({ path: m.ref.path, message: `Videos here are limited to ${formatSeconds(limits.maxVideoSeconds)}` });
    }
  }
  issues.push(...posterFrameIssues(options as Record<string, unknown>, videos));
  issues.push(...platformSpecific(platform, options as Record<string, unknown>, media));
  return issues;
}

function platformSpecific(platform: PostPlatform, options: Record<string, unknown>, media: { ref: Reference; upload: UploadFacts }[]): MediaIssue[] {
  const issues: MediaIssue[] = [];
  const kind = options.type as string | undefined;
  const needOneVideo = (what: string) => {
    if (media.length !== 1 || media[0]!.upload.type !== 'video') issues.push({ path: ['uploadIds'], message: `${what} needs exactly one video` });
  };
  if (platform === 'YOUTUBE') {
    needOneVideo('A YouTube post');
    if ((media[0]?.upload.fileSize ?? 0) > YOUTUBE_MAX_BYTES) issues.push({ path: ['uploadIds', 0], message: 'YouTube videos are limited to 5 GB' });
  }
  if (platform === 'TIKTOK' && kind === 'VIDEO') needOneVideo('A TikTok VIDEO post');
  if (platform === 'TIKTOK' && kind === 'IMAGE' && media.some((m) => m.upload.type !== 'image')) {
    issues.push({ path: ['uploadIds'], message: 'A TikTok IMAGE post takes images only' });
  }
  if ((platform === 'INSTAGRAM' || platform === 'FACEBOOK') && kind === 'REEL') needOneVideo('A reel');
  if (platform === 'SNAPCHAT' && kind === 'SAVED_STORY') {
    const total = media.reduce((sum, m) => sum + (m.upload.type === 'video' ? (m.upload.videoLength ?? 0) : 0), 0);
    if (total > SAVED_STORY_SECONDS) issues.push({ path: ['uploadIds'], message: 'A saved story is limited to 5 minutes in all' });
  }
  if (platform === 'FACEBOOK' && options.textFormatPresetId && media.some((m) => m.upload.type === 'video')) {
    issues.push({ path: ['textFormatPresetId'], message: 'A background preset cannot be used with a video' });
  }
  return issues;
}

function imageSizeIssues(limits: Limits, ref: Reference, upload: UploadFacts): MediaIssue[] {
  const bytes = limits.maxImageBytes;
  if (!bytes || upload.type !== 'image' || (upload.fileSize ?? 0) <= bytes.max) return [];
  const size = (value: number) => `${value.toLocaleString('en-US')} bytes`;
  return [{ path: ref.path, message: `${bytes.label} images are limited to ${size(bytes.max)}; this one has ${size(upload.fileSize!)}` }];
}

/** The poster frame (`thumbnailOffset`, milliseconds into the video, as Instagram and TikTok take it) must lie inside the video. */
function posterFrameIssues(options: Record<string, unknown>, videos: { upload: UploadFacts }[]): MediaIssue[] {
  const offset = options.thumbnailOffset;
  const seconds = videos[0]?.upload.videoLength;
  if (typeof offset !== 'number' || videos.length !== 1 || !seconds || offset <= seconds * 1000) return [];
  return [{ path: ['thumbnailOffset'], message: `The poster frame at ${(offset / 1000).toFixed(1)} s is past the end of this ${seconds.toFixed(1)} s video` }];
}

function formatSeconds(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  if (seconds % 60 === 0) return `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}
