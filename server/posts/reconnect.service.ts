import { and, count, desc, eq, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { posts, postTargets } from '../db/schema/posts';
import { socialAccounts } from '../db/schema/social-accounts';
import { requireAccount } from '../accounts/accounts.service';
import { NotFoundError } from '../http/errors';
import { SOCIAL_ACCOUNT_TYPES, type PostPlatform, type SocialAccountType } from '../platforms/platform-types';
import type { AppServices } from '../services';
import type { PostStatus } from './shared/post-statuses';
import { getTeam } from '../teams/teams.service';

/*
 * Posts whose account of a platform was disconnected (or removed after its grace period) keep
 * their target with no live account, and would fail at publish. Once the team has connected an
 * account of that platform again, these routes list such posts and point their targets at it.
 */

type Scope = { organizationId: string; teamId: string; type: PostPlatform };

/** Unpublished posts: a published one stays with the account it went out on. */
const OPEN_STATUSES = ['DRAFT', 'SCHEDULED', 'ERROR', 'RETRYING'] as const;

function candidateWhere(scope: Scope) {
  return and(
    eq(posts.organizationId, scope.organizationId),
    eq(posts.teamId, scope.teamId),
    isNull(posts.deletedAt),
    inArray(posts.status, [...OPEN_STATUSES]),
    ne(postTargets.status, 'POSTED'),
    isNull(postTargets.deletedAt),
    or(isNull(postTargets.socialAccountId), isNotNull(socialAccounts.deletedAt)),
  );
}

function candidates(db: Executor, scope: Scope) {
  return db
    .select({ post: posts, targetId: postTargets.id })
    .from(posts)
    .innerJoin(postTargets, and(eq(postTargets.postId, posts.id), eq(postTargets.platform, scope.type)))
    .leftJoin(socialAccounts, eq(socialAccounts.id, postTargets.socialAccountId))
    .where(candidateWhere(scope))
    .$dynamic();
}

export async function listReconnectCandidates(db: Executor, params: Scope & { offset: number; limit: number }) {
  await getTeam(db, { organizationId: params.organizationId, id: params.teamId });
  const [rows, [total]] = await Promise.all([
    candidates(db, params).orderBy(desc(posts.postDate), desc(posts.id)).offset(params.offset).limit(params.limit),
    db
      .select({ value: count() })
      .from(posts)
      .innerJoin(postTargets, and(eq(postTargets.postId, posts.id), eq(postTargets.platform, params.type)))
      .leftJoin(socialAccounts, eq(socialAccounts.id, postTargets.socialAccountId))
      .where(candidateWhere(params)),
  ]);
  return {
    items: rows.map(({ post }) => ({
      id: post.id,
      title: post.title,
      postDate: post.postDate.toISOString(),
      status: post.status,
      createdAt: post.createdAt.toISOString(),
      updatedAt: post.updatedAt.toISOString(),
    })),
    total: total?.value ?? 0,
  };
}

type Result = { postId: string; title?: string | null; success: boolean; statusBefore?: PostStatus; statusAfter?: PostStatus; message?: string };

export async function reconnectPosts(services: AppServices, params: Scope & { postIds?: string[] }) {
  const { db } = services;
  if (!(SOCIAL_ACCOUNT_TYPES as readonly string[]).includes(params.type)) {
    await getTeam(db, { organizationId: params.organizationId, id: params.teamId });
    throw new NotFoundError(`${params.type} account of this team`);
  }
  const account = await requireAccount(db, { organizationId: params.organizationId, teamId: params.teamId, type: params.type as SocialAccountType });
  const results: Result[] = await db.transaction(async (tx) => {
    let query = candidates(tx, params);
    if (params.postIds) query = query.where(and(candidateWhere(params), inArray(posts.id, params.postIds)));
    // Locked, so a publish job that claims one of these posts meanwhile waits and then sees the account.
    const found = await query.orderBy(desc(posts.postDate), desc(posts.id)).for('update', { of: postTargets });
    const done: Result[] = [];
    for (const { post, targetId } of found) {
      await tx.update(postTargets).set({ socialAccountId: account.id, updatedAt: new Date() }).where(eq(postTargets.id, targetId));
      done.push({
        postId: post.id,
        title: post.title,
        success: true,
        statusBefore: post.status,
        statusAfter: post.status,
        ...(post.status === 'ERROR' ? { message: 'The post keeps ERROR: retry it to publish with the reconnected account' } : {}),
      });
    }
    const matched = new Set(found.map(({ post }) => post.id));
    for (const postId of params.postIds ?? []) {
      if (matched.has(postId)) continue;
      done.push({ postId, success: false, message: `Post ${postId} is not waiting for a ${params.type} account in this team` });
    }
    return done;
  });
  const succeeded = results.filter((item) => item.success).length;
  return { total: results.length, succeeded, failed: results.length - succeeded, results };
}
