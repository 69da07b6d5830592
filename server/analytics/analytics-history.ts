import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { accountAnalytics, postAnalytics } from '../db/schema/analytics';
import type { ProfilePostRow } from './analytics-targets';

type AccountSnapshot = typeof accountAnalytics.$inferSelect;
type PostSnapshot = typeof postAnalytics.$inferSelect;

/** At most this many snapshots come back per account or post: a year of daily refreshes and more. */
export const HISTORY_LIMIT = 1000;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toAccountItem(row: AccountSnapshot) {
  const { id, socialAccountId, impressions, impressionsUnique, views, viewsUnique, likes, comments, postCount, followers, following, forced } = row;
  return {
    ...{ id, socialAccountId, impressions, impressionsUnique, views, viewsUnique, likes, comments, postCount, followers, following, forced },
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    deletedAt: iso(row.deletedAt),
  };
}

export function toPostItem(row: PostSnapshot) {
  const { id, profilePostId, impressions, impressionsUnique, views, viewsUnique, likes, dislikes, comments, shares, saves, raw, forced } = row;
  return {
    ...{ id, profilePostId, impressions, impressionsUnique, views, viewsUnique, likes, dislikes, comments, shares, saves, raw, forced },
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    deletedAt: iso(row.deletedAt),
  };
}

/** The raw routes: what the platform answered at each refresh, tied to its snapshot. */
function rawFields(row: AccountSnapshot | PostSnapshot) {
  return {
    id: row.id,
    analyticsId: row.id,
    raw: row.raw,
    forced: row.forced,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    deletedAt: iso(row.deletedAt),
  };
}

export const toAccountRawItem = (row: AccountSnapshot) => ({ ...rawFields(row), socialAccountId: row.socialAccountId });
export const toPostRawItem = (row: PostSnapshot) => ({ ...rawFields(row), profilePostId: row.profilePostId });

export function toProfilePostDto(row: ProfilePostRow) {
  return {
    id: row.id,
    socialAccountId: row.socialAccountId,
    postId: row.postId,
    externalId: row.externalId,
    title: row.title,
    description: row.description,
    smallThumbnail: row.smallThumbnail,
    thumbnail: row.thumbnail,
    permalink: row.permalink,
    extraData: row.extraData,
    subreddit: row.subreddit,
    publishedAt: iso(row.publishedAt),
    type: row.type,
    internal: row.internal,
    importedAt: iso(row.importedAt),
    externallyDeletedAt: iso(row.externallyDeletedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    deletedAt: iso(row.deletedAt),
  };
}

/** The latest snapshots of an account, returned oldest first so they chart left to right. */
export async function accountHistory(db: Executor, socialAccountId: string): Promise<AccountSnapshot[]> {
  const rows = await db
    .select()
    .from(accountAnalytics)
    .where(eq(accountAnalytics.socialAccountId, socialAccountId))
    .orderBy(desc(accountAnalytics.createdAt), desc(accountAnalytics.id))
    .limit(HISTORY_LIMIT);
  return rows.reverse();
}

export async function postHistory(db: Executor, profilePostId: string): Promise<PostSnapshot[]> {
  return (await postHistories(db, [profilePostId])).get(profilePostId) ?? [];
}

/** Histories of many profile posts in one query (bulk analytics), oldest first within each. */
export async function postHistories(db: Executor, profilePostIds: string[]): Promise<Map<string, PostSnapshot[]>> {
  const byPost = new Map<string, PostSnapshot[]>();
  if (profilePostIds.length === 0) return byPost;
  const rows = await db
    .select()
    .from(postAnalytics)
    .where(inArray(postAnalytics.profilePostId, profilePostIds))
    .orderBy(asc(postAnalytics.createdAt), asc(postAnalytics.id));
  for (const row of rows) {
    const list = byPost.get(row.profilePostId);
    if (list) list.push(row);
    else byPost.set(row.profilePostId, [row]);
  }
  for (const [key, list] of byPost) if (list.length > HISTORY_LIMIT) byPost.set(key, list.slice(-HISTORY_LIMIT));
  return byPost;
}
