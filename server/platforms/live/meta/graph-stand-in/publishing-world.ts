import { randomInt } from 'node:crypto';

/**
 * What the stand-in keeps of publishing (decision 074): Instagram and Threads containers with the
 * state Meta reports for them, and a Page's photos, unpublished posts and videos (reels, stories,
 * video posts) on their way to being shown. What is published goes into `world.engagement`, where
 * the reading slice's routes list it and keep its comments. Tests read it and steer it: how long
 * videos take to process (on the stand-in's clock), the daily caps, an answer lost after Meta did
 * the work, and how media URLs are fetched (as Meta does, with a real GET).
 */
export type ContainerType = 'IMAGE' | 'VIDEO' | 'REELS' | 'STORIES' | 'CAROUSEL' | 'TEXT';

export type StandInContainer = {
  id: string;
  product: 'instagram' | 'threads';
  ownerId: string;
  type: ContainerType;
  carouselItem: boolean;
  /** The parameters as the request sent them. */
  params: Record<string, string>;
  children: string[];
  mediaUrl: string | null;
  createdAt: number;
  /** When processing ends on the stand-in's clock. */
  readyAt: number;
  /** Why it failed: Instagram's `status` text, Threads' `error_message`. */
  error: string | null;
  mediaId: string | null;
};

export type StandInVideo = {
  id: string;
  pageId: string;
  kind: 'reel' | 'story' | 'video';
  fileUrl: string | null;
  description: string | null;
  title: string | null;
  createdAt: number;
  /** When `finish` (or the video post) asked for it to be shown. */
  finishedAt: number | null;
  postId: string | null;
  /** The `thumb` file a video post came with (its type and size; Meta keeps it as the video's picture). */
  thumb?: { type: string; size: number } | null;
};

export type StandInPagePost = {
  id: string;
  pageId: string;
  message: string | null;
  link: string | null;
  photos: string[];
  published: boolean;
  scheduledAt: number | null;
  createdAt: number;
};

export type StandInPhoto = { id: string; pageId: string; url: string; published: boolean; altText: string | null };

export type FetchedMedia = { ok: true; type: string; bytes: number } | { ok: false; reason: string };

const DAY_MS = 86_400_000;

export class PublishingWorld {
  readonly containers = new Map<string, StandInContainer>();
  readonly videos = new Map<string, StandInVideo>();
  readonly posts = new Map<string, StandInPagePost>();
  readonly photos = new Map<string, StandInPhoto>();
  /** Every publish Meta performed, by account: the daily caps count them. */
  readonly publishes: { ownerId: string; product: 'instagram' | 'threads'; reply: boolean; at: number }[] = [];
  /** Every media URL Meta fetched, with what it found. */
  readonly fetched: { url: string; result: FetchedMedia }[] = [];
  /** Seconds (stand-in clock) a video container or a Page video takes to process. */
  videoSeconds = 30;
  /** The documented caps per 24 hours: Instagram 100 posts (carousels count once), Threads 250 posts and 1,000 replies. */
  caps = { instagram: 100, threadsPosts: 250, threadsReplies: 1_000 };
  /** How many more `media_publish` / `threads_publish` / `is_published` calls Meta performs but whose answer is lost (a 500). */
  losePublishAnswers = 0;
  /** How Meta fetches a media URL: a real GET by default. */
  fetchMedia: (url: string) => Promise<Response> = (url) => fetch(url, { redirect: 'follow' });

  constructor(private readonly now: () => number) {}

  nextId(prefix: string): string {
    return `${prefix}${Date.now() % 1_000_000_000}${randomInt(100_000, 999_999)}`;
  }

  /** Downloads the media as Meta does; what it found is kept for tests to read. */
  async fetch(url: string, kind: 'image' | 'video'): Promise<FetchedMedia> {
    let result: FetchedMedia;
    try {
      const response = await this.fetchMedia(url);
      const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
      const bytes = (await response.arrayBuffer()).byteLength;
      if (!response.ok) result = { ok: false, reason: `HTTP ${response.status}` };
      else if (!type.startsWith(`${kind}/`)) result = { ok: false, reason: `not an ${kind} (${type || 'no type'})` };
      else result = { ok: true, type, bytes };
    } catch (error) {
      result = { ok: false, reason: error instanceof Error ? error.message : String(error) };
    }
    this.fetched.push({ url, result });
    return result;
  }

  /** A container as Meta reports it now: IN_PROGRESS until processed, EXPIRED after a day unpublished. */
  containerState(container: StandInContainer): 'IN_PROGRESS' | 'FINISHED' | 'PUBLISHED' | 'ERROR' | 'EXPIRED' {
    if (container.mediaId) return 'PUBLISHED';
    if (container.error) return 'ERROR';
    if (this.now() - container.createdAt > DAY_MS) return 'EXPIRED';
    return this.now() >= container.readyAt ? 'FINISHED' : 'IN_PROGRESS';
  }

  /** Publishes counted in the rolling day. */
  used(ownerId: string, product: 'instagram' | 'threads', reply: boolean): number {
    return this.publishes.filter((entry) => entry.ownerId === ownerId && entry.product === product && entry.reply === reply && this.now() - entry.at < DAY_MS)
      .length;
  }

  /** Seeds the count of a rolling day (`count` publishes made just now): how a test fills a cap. */
  seedPublishes(ownerId: string, product: 'instagram' | 'threads', count: number, reply = false): void {
    for (let index = 0; index < count; index += 1) this.publishes.push({ ownerId, product, reply, at: this.now() });
  }

  /** A Page video's processing, read on the stand-in's clock. */
  videoPhase(video: StandInVideo): 'not_started' | 'in_progress' | 'complete' {
    if (video.finishedAt === null) return 'not_started';
    return this.now() >= video.finishedAt + this.videoSeconds * 1000 ? 'complete' : 'in_progress';
  }

  /** Meta did the work; is its answer lost this time? */
  loseAnswer(): boolean {
    if (this.losePublishAnswers <= 0) return false;
    this.losePublishAnswers -= 1;
    return true;
  }
}
