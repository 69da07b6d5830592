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
  const text = (own.text ?? draft.sharedText).trim();
  if (text) data.text = text;
  if (acceptsMedia(platform)) {
    const media = own.media ?? draft.sharedMedia;
    // A platform that requires media gets the empty list, so its own rule names what is missing.
    if (media.length > 0 || requiresMedia(platform)) data.uploadIds = media;
  }
  return { data, issues };
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
  const sharedText = typeof first.text === 'string' ? first.text : '';
  const sharedMedia = Array.isArray(first.uploadIds) ? (first.uploadIds as string[]) : [];
  const drafts: ComposerDraft['drafts'] = {};
  for (const platform of platforms) {
    const { text, uploadIds, ...rest } = (post.data[platform] ?? {}) as Record<string, unknown>;
    const own = emptyPlatformDraft(platform);
    const jsonKeys = new Set(
      platformFields(platform)
        .options.filter((field) => field.kind === 'json')
        .map((field) => field.key),
    );
    for (const [key, value] of Object.entries(rest)) {
      if (jsonKeys.has(key)) own.json[key] = value == null ? '' : JSON.stringify(value, null, 2);
      else own.options[key] = value;
    }
    if ((text ?? '') !== sharedText) own.text = typeof text === 'string' ? text : '';
    const media = Array.isArray(uploadIds) ? (uploadIds as string[]) : [];
    if (acceptsMedia(platform) && media.join() !== sharedMedia.join()) own.media = media;
    own.firstComment = post.firstComment?.[platform] ?? '';
    drafts[platform] = own;
  }
  return { title: post.title, sharedText, sharedMedia, platforms, drafts };
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

/** What the composer opens with: the saved post at its time, or an empty draft at the next suggested time, in the browser's zone. */
export function composerDefaults(post?: Post): ComposerValues {
  const draft: ComposerDraft = post ? draftFromPost(post) : { title: '', sharedText: '', sharedMedia: [], platforms: [], drafts: {} };
  const timeZone = browserTimeZone();
  return { ...draft, when: { mode: 'schedule', local: instantToZoned(post ? new Date(post.postDate) : suggestedTime(), timeZone), timeZone } };
}
