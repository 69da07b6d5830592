import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { profilePosts } from '../db/schema/analytics';
import { posts, postTargets } from '../db/schema/posts';
import { platformOf } from '../platforms/registry';
import { toPostItem, type postHistories } from './analytics-history';
import type { AnalyticsPlatform } from './analytics.schemas';

type Query = { postIds: string[]; platformType: AnalyticsPlatform; page: number; limit: number };

/**
 * Analytics of many posts on one platform. The ids are deduplicated in the order sent and paged;
 * each id of the page gets its history, or an `error` saying why it has none.
 */
export async function bulkPostAnalytics(db: Executor, organizationId: string, query: Query, histories: typeof postHistories) {
  const ids = [...new Set(query.postIds)];
  const total = ids.length;
  const totalPages = Math.ceil(total / query.limit);
  const pageIds = ids.slice((query.page - 1) * query.limit, query.page * query.limit);
  const pagination = { page: query.page, limit: query.limit, total, totalPages };
  if (pageIds.length === 0) return { results: [], pagination };

  const [postRows, targetRows] = await Promise.all([
    db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.organizationId, organizationId), inArray(posts.id, pageIds), isNull(posts.deletedAt))),
    db
      .select()
      .from(postTargets)
      .where(and(eq(postTargets.organizationId, organizationId), inArray(postTargets.postId, pageIds), eq(postTargets.platform, query.platformType))),
  ]);
  const found = new Set(postRows.map((row) => row.id));
  const targets = new Map(targetRows.filter((target) => found.has(target.postId)).map((target) => [target.postId, target]));
  const profileRows = targetRows.length
    ? await db
        .select()
        .from(profilePosts)
        .where(
          and(
            eq(profilePosts.organizationId, organizationId),
            inArray(profilePosts.postId, [...targets.keys()]),
            eq(profilePosts.platform, query.platformType),
          ),
        )
    : [];
  const profileByPost = new Map(profileRows.map((row) => [row.postId!, row]));
  const history = await histories(
    db,
    profileRows.map((row) => row.id),
  );
  const label = platformOf(query.platformType).label;
  type Result = { postId: string; items: ReturnType<typeof toPostItem>[]; error: string | null };
  const results = pageIds.map((postId): Result => {
    if (!found.has(postId)) return { postId, items: [], error: 'Post not found' };
    if (!targets.has(postId)) return { postId, items: [], error: `The post has no ${label} target` };
    const profilePost = profileByPost.get(postId);
    if (!profilePost) return { postId, items: [], error: targets.get(postId)!.status === 'POSTED' ? null : `The post is not published on ${label} yet` };
    return { postId, items: (history.get(profilePost.id) ?? []).map(toPostItem), error: null };
  });
  return { results, pagination };
}
