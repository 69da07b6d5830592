import { buildPlatformData, effectiveTitle, type ComposerValues, type When } from './composer-state';
import { zonedToInstant } from './zoned-time';

export type SaveStatus = 'DRAFT' | 'SCHEDULED';

/** When the post goes out, or why the schedule cannot be used. */
export function publishDate(when: When, status: SaveStatus): Date | string {
  if (status === 'SCHEDULED' && when.mode === 'now') return new Date();
  const instant = zonedToInstant(when.local, when.timeZone);
  if (!instant) return 'Pick the date and time to publish at.';
  // A past time would publish at once; say so rather than surprise.
  if (status === 'SCHEDULED' && instant.getTime() < Date.now() - 60_000) return 'That time has passed: pick a later one, or choose Publish now.';
  return instant;
}

/** The request body the API takes, built from the form. */
export function postBody(values: ComposerValues, title: string, postDate: Date, status: SaveStatus) {
  const data = Object.fromEntries(values.platforms.map((platform) => [platform, buildPlatformData(values, platform).data]));
  const comments = Object.fromEntries(
    values.platforms.map((platform) => [platform, values.drafts[platform]?.firstComment.trim() ?? '']).filter(([, text]) => text),
  );
  return {
    title,
    postDate: postDate.toISOString(),
    status,
    socialAccountTypes: values.platforms,
    data,
    firstComment: Object.keys(comments).length ? comments : undefined,
  };
}

/**
 * What the post would be saved as, in one string: two forms with the same fingerprint save the
 * same post. Built from the request body rather than the raw form, so a control that registers an
 * empty value on mount does not count as an edit.
 */
export function postFingerprint(values: ComposerValues): string {
  const data = Object.fromEntries(values.platforms.map((platform) => [platform, buildPlatformData(values, platform).data]));
  const comments = values.platforms.map((platform) => values.drafts[platform]?.firstComment.trim() ?? '');
  return JSON.stringify([effectiveTitle(values), values.platforms, data, comments, values.when]);
}
