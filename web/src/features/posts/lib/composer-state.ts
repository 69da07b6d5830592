import { checkPostMedia, type MediaIssue, type UploadFacts } from '@server/platforms/content-rules/media-rules';
import { platformOptionSchemas } from '@server/platforms/content-rules/registry';
import type { ApiIssue } from '@/lib/api-client';
import type { PostPlatform } from '@/lib/post-platforms';
import { formErrorMap } from '@/lib/zod-messages';
import type { Post } from '../api/get-posts';
import { acceptsMedia, platformFields } from './option-fields';
import { browserTimeZone, instantToZoned } from './zoned-time';

/** What a platform tab holds: overrides of the shared text and media (null: use the shared ones) and its options. */
export type PlatformDraft = {
  text: string | null;
  media: string[] | null;
  options: Record<string, unknown>;
  /** Raw text of options the composer has no control for (kind `json`), parsed when the post is built. */
  json: Record<string, string | undefined>;
  firstComment: string;
};

export type ComposerDraft = {
  title: string;
  sharedText: string;
  sharedMedia: string[];
  /** Alt text per attached upload, written once in the media strip and sent where a platform takes it. */
  altTexts: Record<string, string>;
  platforms: PostPlatform[];
  drafts: Partial<Record<PostPlatform, PlatformDraft>>;
};

/** When to publish: a wall-clock time in a chosen zone (`yyyy-MM-ddTHH:mm`), or now. */
export type When = { mode: 'schedule' | 'now'; local: string; timeZone: string };

/** The composer's form: the draft and when to publish it. */
export type ComposerValues = ComposerDraft & { when: When };

export type Issue = { path: (string | number)[]; message: string };

export function emptyPlatformDraft(platform: PostPlatform): PlatformDraft {
  const options: Record<string, unknown> = {};
  // Enums with a default start on it, so the select shows what the API would assume.
  for (const field of platformFields(platform).options) if (field.kind === 'enum' && field.defaultValue) options[field.key] = field.defaultValue;
  return { text: null, media: null, options, json: {}, firstComment: '' };
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Drops what a nested control leaves behind when nothing was entered: blank keys of objects, and
 * objects with no key left. List items stay (even empty ones) so their rules point at them.
 */
export function prune(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? value.map((item) => (item && typeof item === 'object' ? (prune(item) ?? {}) : item)) : undefined;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .map(([key, inner]) => [key, prune(inner)] as const)
      .filter(([, inner]) => !isBlank(inner));
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return isBlank(value) ? undefined : value;
}

/**
 * Platforms whose text is a title with a description beside it: the shared text would make a poor
 * title (a caption of 240 characters is no video title), so the tab has its own title and the
 * shared text becomes the description.
 */
const OWN_TITLE_PLATFORMS: ReadonlySet<PostPlatform> = new Set(['YOUTUBE']);

export function hasOwnTitle(platform: PostPlatform): boolean {
  return OWN_TITLE_PLATFORMS.has(platform);
}

/** `data.<PLATFORM>` as the API takes it, plus issues for JSON options that do not parse. */
export function buildPlatformData(draft: ComposerDraft, platform: PostPlatform): { data: Record<string, unknown>; issues: Issue[] } {
  const own = draft.drafts[platform] ?? emptyPlatformDraft(platform);
  const data: Record<string, unknown> = {};
  const issues: Issue[] = [];
  for (const [key, value] of Object.entries(own.options)) {
    const pruned = prune(value);
    if (!isBlank(pruned)) data[key] = pruned;
  }
  for (const [key, raw] of Object.entries(own.json)) {
    // The form may hold a key before any text was typed for it.
    if (!raw?.trim()) continue;
    try {
      data[key] = JSON.parse(raw);
    } catch {
      issues.push({ path: [key], message: 'Not valid JSON' });
    }
  }
  const ownTitle = hasOwnTitle(platform);
  const text = (ownTitle ? (own.text ?? '') : (own.text ?? draft.sharedText)).trim();
  if (text) data.text = text;
  // The shared text is the video's description until the tab writes one of its own.
  if (ownTitle && data.description === undefined && draft.sharedText.trim()) data.description = draft.sharedText.trim();
  if (acceptsMedia(platform)) {
    const media = own.media ?? draft.sharedMedia;
    // A platform that requires media gets the empty list, so its own rule names what is missing.
    if (media.length > 0 || requiresMedia(platform)) data.uploadIds = media;
    withAltTexts(platform, data, media, draft.altTexts ?? {});
  }
  return { data, issues };
}

/** Platforms that take alt text per file through `mediaItems`, and those with one `altText` for a single file. */
const ALT_PER_ITEM: ReadonlySet<PostPlatform> = new Set(['FACEBOOK', 'TWITTER', 'THREADS', 'BLUESKY']);
const ALT_FOR_ONE: ReadonlySet<PostPlatform> = new Set(['INSTAGRAM', 'MASTODON', 'PINTEREST']);

/** Whether the media strip's alt text reaches this platform (for the media it sends). */
export function takesAltText(platform: PostPlatform, mediaCount: number): boolean {
  return ALT_PER_ITEM.has(platform) || (ALT_FOR_ONE.has(platform) && mediaCount === 1);
}

/** The media strip's alt text into the platform's own field, unless the tab set that field itself. */
function withAltTexts(platform: PostPlatform, data: Record<string, unknown>, media: string[], altTexts: Record<string, string>) {
  const alt = (id: string) => altTexts[id]?.trim() ?? '';
  if (!media.some((id) => alt(id))) return;
  if (ALT_PER_ITEM.has(platform) && data.mediaItems === undefined) {
    data.mediaItems = media.map((uploadId) => (alt(uploadId) ? { uploadId, altText: alt(uploadId) } : { uploadId }));
    delete data.uploadIds;
  } else if (ALT_FOR_ONE.has(platform) && media.length === 1 && data.altText === undefined) data.altText = alt(media[0]!);
}

/** The inverse of `withAltTexts` on a saved post: the platform's media and the alt texts it carried. */
function mediaAndAltOf(platform: PostPlatform, data: Record<string, unknown>, altTexts: Record<string, string>): string[] {
  if (Array.isArray(data.uploadIds)) {
    const media = data.uploadIds as string[];
    if (ALT_FOR_ONE.has(platform) && media.length === 1 && typeof data.altText === 'string') {
      altTexts[media[0]!] = data.altText;
      delete data.altText;
    }
    delete data.uploadIds;
    return media;
  }
  const items = data.mediaItems;
  const plain =
    Array.isArray(items) && items.every((item) => item && typeof item === 'object' && Object.keys(item).every((k) => k === 'uploadId' || k === 'altText'));
  if (!ALT_PER_ITEM.has(platform) || !plain) return [];
  delete data.mediaItems;
  return (items as { uploadId: string; altText?: string | null }[]).map(({ uploadId, altText }) => {
    if (altText) altTexts[uploadId] = altText;
    return uploadId;
  });
}

function requiresMedia(platform: PostPlatform): boolean {
  const issues = platformOptionSchemas[platform].safeParse({}).error?.issues ?? [];
  return issues.some((issue) => issue.path[0] === 'uploadIds' && issue.code === 'invalid_type');
}

/** The platform's rule violations, from the API's own schema and media rules. */
export function platformIssues(platform: PostPlatform, data: Record<string, unknown>, library: ReadonlyMap<string, UploadFacts> | null): Issue[] {
  const issues: Issue[] = [];
  const parsed = platformOptionSchemas[platform].safeParse(data, { errorMap: formErrorMap });
  if (!parsed.success) issues.push(...parsed.error.issues.map((issue) => ({ path: issue.path, message: issue.message })));
  // Until the library has loaded, every upload would look missing.
  if (library) issues.push(...checkPostMedia(platform, data as never, library).map((issue: MediaIssue) => ({ path: issue.path, message: issue.message })));
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.path.join('.')}|${issue.message}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** Which control an issue belongs to: `text`, `media` (the post's uploads), or the option's key (`mediaItems`, `poll`...). */
export function issueField(issue: Issue): string {
  const head = String(issue.path[0] ?? '');
  return head === 'uploadIds' ? 'media' : head || 'text';
}

/** The API's `400` issues at `['data', PLATFORM, ...]`, moved onto their platform tab. */
export function serverIssuesByPlatform(issues: ApiIssue[]): { byPlatform: Partial<Record<PostPlatform, Issue[]>>; other: ApiIssue[] } {
  const byPlatform: Partial<Record<PostPlatform, Issue[]>> = {};
  const other: ApiIssue[] = [];
  for (const issue of issues) {
    const [root, platform, ...rest] = issue.path;
    if ((root === 'data' || root === 'firstComment') && typeof platform === 'string' && platform in platformOptionSchemas) {
      const path = root === 'firstComment' ? ['firstComment', ...rest] : rest;
      (byPlatform[platform as PostPlatform] ??= []).push({ path, message: issue.message });
    } else other.push(issue);
  }
  return { byPlatform, other };
}

/** A saved post back into the composer: the first platform's text and media become the shared ones. */
export function draftFromPost(post: Post): ComposerDraft {
  const platforms = post.socialAccountTypes as PostPlatform[];
  const first = (post.data[platforms[0]!] ?? {}) as Record<string, unknown>;
  const shared = hasOwnTitle(platforms[0]!) ? first.description : first.text;
  const sharedText = typeof shared === 'string' ? shared : '';
  const altTexts: Record<string, string> = {};
  const sharedMedia = mediaAndAltOf(platforms[0]!, { ...first }, altTexts);
  const drafts: ComposerDraft['drafts'] = {};
  for (const platform of platforms) {
    const { text, ...rest } = { ...(post.data[platform] ?? {}) } as Record<string, unknown>;
    const uploadIds = mediaAndAltOf(platform, rest, altTexts);
    const own = emptyPlatformDraft(platform);
    const ownTitle = hasOwnTitle(platform);
    // A description equal to the shared text is the shared text, as `buildPlatformData` made it.
    if (ownTitle && rest.description === sharedText) delete rest.description;
    const jsonKeys = new Set(
      platformFields(platform)
        .options.filter((field) => field.kind === 'json')
        .map((field) => field.key),
    );
    for (const [key, value] of Object.entries(rest)) {
      if (jsonKeys.has(key)) own.json[key] = value == null ? '' : JSON.stringify(value, null, 2);
      else own.options[key] = value;
    }
    if (ownTitle || (text ?? '') !== sharedText) own.text = typeof text === 'string' ? text : '';
    if (acceptsMedia(platform) && uploadIds.join() !== sharedMedia.join()) own.media = uploadIds;
    own.firstComment = post.firstComment?.[platform] ?? '';
    drafts[platform] = own;
  }
  return { title: post.title, sharedText, sharedMedia, altTexts, platforms, drafts };
}

/** The internal title: the one typed, else the text's first line, shortened. */
export function effectiveTitle(draft: Pick<ComposerDraft, 'title' | 'sharedText'>): string {
  const typed = draft.title.trim();
  if (typed) return typed;
  const line = draft.sharedText.trim().split('\n')[0] ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/** The next quarter hour at least 30 minutes away: a sensible first suggestion for a schedule. */
function suggestedTime(): Date {
  const date = new Date(Date.now() + 30 * 60_000);
  date.setMinutes(Math.ceil(date.getMinutes() / 15) * 15, 0, 0);
  return date;
}

/**
 * What the composer opens with: the saved post at its time, or an empty draft at `at` (a wall-clock
 * time the calendar asked for) or the next suggested time, in the browser's zone.
 */
export function composerDefaults(post?: Post, at?: string): ComposerValues {
  const draft: ComposerDraft = post ? draftFromPost(post) : { title: '', sharedText: '', sharedMedia: [], altTexts: {}, platforms: [], drafts: {} };
  const timeZone = browserTimeZone();
  const local = post ? instantToZoned(new Date(post.postDate), timeZone) : (at ?? instantToZoned(suggestedTime(), timeZone));
  return { ...draft, when: { mode: 'schedule', local, timeZone } };
}
