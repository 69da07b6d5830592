import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { postAnalytics, profilePosts } from '../db/schema/analytics';
import { postTargets } from '../db/schema/posts';
import { socialAccounts } from '../db/schema/social-accounts';
import { listPosts, type ListPostsInput } from '../posts/posts.service';

/** More than any team schedules; an export is one request, not a stream. */
export const MAX_EXPORT_POSTS = 10_000;

export const EXPORT_COLUMNS = [
  'postId',
  'title',
  'status',
  'postDate',
  'postedDate',
  'referenceKey',
  'platform',
  'account',
  'targetStatus',
  'text',
  'permalink',
  'error',
  'impressions',
  'views',
  'likes',
  'comments',
  'shares',
  'saves',
  'analyticsAt',
] as const;

/**
 * A field as RFC 4180 writes it; text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`
 * first) gets a leading apostrophe (OWASP's CSV injection advice).
 */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Every post the list's filters match (not a page), one line per post and platform, with its latest analytics. */
export async function exportPostsCsv(db: Executor, input: Omit<ListPostsInput, 'offset' | 'limit'>): Promise<string> {
  const { items } = await listPosts(db, { ...input, offset: 0, limit: MAX_EXPORT_POSTS });
  const ids = items.map((row) => row.id);
  const targets = ids.length
    ? await db
        .select()
        .from(postTargets)
        .where(and(eq(postTargets.organizationId, input.organizationId), inArray(postTargets.postId, ids)))
    : [];
  const accountIds = [...new Set(targets.map((target) => target.socialAccountId).filter((id): id is string => !!id))];
  const accounts = accountIds.length
    ? await db
        .select({ id: socialAccounts.id, username: socialAccounts.username, displayName: socialAccounts.displayName })
        .from(socialAccounts)
        .where(and(eq(socialAccounts.organizationId, input.organizationId), inArray(socialAccounts.id, accountIds)))
    : [];
  const published = ids.length
    ? await db
        .select()
        .from(profilePosts)
        .where(and(eq(profilePosts.organizationId, input.organizationId), inArray(profilePosts.postId, ids), isNull(profilePosts.deletedAt)))
    : [];
  const snapshots = published.length
    ? await db
        .selectDistinctOn([postAnalytics.profilePostId])
        .from(postAnalytics)
        .where(
          and(
            eq(postAnalytics.organizationId, input.organizationId),
            inArray(
              postAnalytics.profilePostId,
              published.map((row) => row.id),
            ),
            isNull(postAnalytics.deletedAt),
          ),
        )
        .orderBy(postAnalytics.profilePostId, desc(postAnalytics.createdAt))
    : [];
  const accountName = new Map(accounts.map((row) => [row.id, row.username ? `@${row.username}` : (row.displayName ?? row.id)]));
  const profileByTarget = new Map(published.map((row) => [`${row.postId}:${row.platform}`, row]));
  const latest = new Map(snapshots.map((row) => [row.profilePostId, row]));

  const lines = [EXPORT_COLUMNS.join(',')];
  for (const post of items) {
    for (const platform of post.platforms) {
      const target = targets.find((row) => row.postId === post.id && row.platform === platform);
      const profile = profileByTarget.get(`${post.id}:${platform}`);
      const numbers = profile ? latest.get(profile.id) : undefined;
      const options = (post.data as Record<string, Record<string, unknown>>)[platform] ?? {};
      const line = [
        post.id,
        post.title,
        post.status,
        post.postDate,
        post.postedDate,
        post.referenceKey,
        platform,
        target?.socialAccountId ? accountName.get(target.socialAccountId) : null,
        target?.status,
        options.text ?? options.description ?? null,
        profile?.permalink ?? target?.externalData?.permalink ?? null,
        target?.error,
        numbers?.impressions,
        numbers?.views,
        numbers?.likes,
        numbers?.comments,
        numbers?.shares,
        numbers?.saves,
        numbers?.createdAt,
      ];
      lines.push(line.map(csvField).join(','));
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
