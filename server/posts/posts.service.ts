import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, ne, or, sql, arrayOverlaps, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { posts, postTargets, type PostStatus } from '../db/schema/posts';
import { postUploads } from '../db/schema/uploads';
import { ConflictError, NotFoundError } from '../http/errors';
import { likePattern } from '../http/pagination';
import { getOrganization } from '../organizations/organizations.service';
import type { PlatformOptions } from '../platforms/content-rules/registry';
import type { PostPlatform } from '../platforms/platform-types';
import type { AppServices } from '../services';
import { getTeam } from '../teams/teams.service';
import type { SocialAccountRow } from '../accounts/account-record';
import { checkPostContent, referencedUploadIds } from './post-checks';
import { loadRelations, toPostDto, type PostRow } from './post-dto';
import { assertMonthlyPostQuota, chargeDailyPostQuota, releaseDailyPostQuota } from './post-quotas';
import { publishPostJob } from './posts.jobs';
import { CreatePostBody } from './posts.schemas';
import type { z } from 'zod';

type CreateInput = z.infer<typeof CreatePostBody>;
type Scope = { organizationId: string };

/** Statuses a post can still be changed in: nothing of it is on a platform yet, or it failed. */
const EDITABLE: PostStatus[] = ['DRAFT', 'SCHEDULED', 'ERROR', 'RETRYING'];

export async function getPostRow(db: Executor, params: Scope & { id: string }): Promise<PostRow> {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.organizationId, params.organizationId), eq(posts.id, params.id)));
  if (!row) throw new NotFoundError('Post');
  return row;
}

/** The post, locked until the transaction ends: publish jobs and other edits wait for it. */
async function lockPost(tx: Executor, scope: Scope & { id: string }): Promise<PostRow> {
  const [row] = await tx
    .select()
    .from(posts)
    .where(and(eq(posts.organizationId, scope.organizationId), eq(posts.id, scope.id)))
    .for('update');
  if (!row) throw new NotFoundError('Post');
  return row;
}

export async function presentPosts(services: AppServices, rows: PostRow[]) {
  const relations = await loadRelations(services.db, rows);
  return rows.map((row) => toPostDto(services.config, row, relations));
}

export async function presentPost(services: AppServices, row: PostRow) {
  return (await presentPosts(services, [row]))[0]!;
}

export async function createPost(services: AppServices, scope: Scope, input: CreateInput): Promise<PostRow> {
  const { db } = services;
  await getTeam(db, { organizationId: scope.organizationId, id: input.teamId });
  const { accounts, organization } = await checkContent(db, scope.organizationId, input.teamId, input);
  const now = new Date();
  return db.transaction(async (tx) => {
    if (input.referenceKey) await assertReferenceKeyFree(tx, scope.organizationId, input.referenceKey);
    if (input.status === 'SCHEDULED') await assertMonthlyPostQuota(tx, { organizationId: scope.organizationId, plan: organization.plan, now });
    const [row] = await tx
      .insert(posts)
      .values({
        organizationId: scope.organizationId,
        teamId: input.teamId,
        title: input.title,
        status: input.status,
        postDate: new Date(input.postDate),
        platforms: input.socialAccountTypes,
        data: input.data as Record<string, Record<string, unknown>>,
        firstComment: input.firstComment ?? null,
        referenceKey: input.referenceKey ?? null,
        countedAt: input.status === 'SCHEDULED' ? now : null,
        dueAt: input.status === 'SCHEDULED' ? new Date(input.postDate) : null,
      })
      .returning();
    await writeTargetsAndMedia(tx, row!, accounts);
    if (row!.status === 'SCHEDULED') await schedule(services, tx, row!, accounts, organization.plan);
    return row!;
  });
}

export async function updatePost(
  services: AppServices,
  scope: Scope & { id: string },
  changes: Partial<Omit<CreateInput, 'teamId' | 'firstComment' | 'referenceKey'>> & {
    firstComment?: CreateInput['firstComment'] | null;
    referenceKey?: string | null;
  },
): Promise<PostRow> {
  const { db } = services;
  const current = await getPostRow(db, scope);
  assertEditable(current);
  // The whole post must still be valid after the change, as if it were created so.
  const merged = CreatePostBody.parse({
    teamId: current.teamId,
    title: changes.title ?? current.title,
    postDate: changes.postDate ?? current.postDate.toISOString(),
    status: changes.status ?? (current.status === 'DRAFT' ? 'DRAFT' : 'SCHEDULED'),
    socialAccountTypes: changes.socialAccountTypes ?? current.platforms,
    data: changes.data ?? current.data,
    firstComment: changes.firstComment === null ? undefined : (changes.firstComment ?? current.firstComment ?? undefined),
    referenceKey: changes.referenceKey === null ? undefined : (changes.referenceKey ?? current.referenceKey ?? undefined),
  });
  const { accounts, organization } = await checkContent(db, scope.organizationId, current.teamId, merged);
  const now = new Date();
  return db.transaction(async (tx) => {
    // Lock the row: a publish job that starts now waits, then sees the new version.
    const [locked] = await tx.select().from(posts).where(eq(posts.id, current.id)).for('update');
    assertEditable(locked!);
    if (merged.referenceKey && merged.referenceKey !== locked!.referenceKey) {
      await assertReferenceKeyFree(tx, scope.organizationId, merged.referenceKey);
    }
    // A draft that becomes scheduled counts toward this month, like a newly created post.
    if (merged.status === 'SCHEDULED' && !locked!.countedAt) {
      await assertMonthlyPostQuota(tx, { organizationId: scope.organizationId, plan: organization.plan, now });
    }
    const [row] = await tx
      .update(posts)
      .set({
        title: merged.title,
        status: merged.status,
        postDate: new Date(merged.postDate),
        platforms: merged.socialAccountTypes,
        data: merged.data as Record<string, Record<string, unknown>>,
        firstComment: merged.firstComment ?? null,
        referenceKey: merged.referenceKey ?? null,
        version: locked!.version + 1,
        error: null,
        countedAt: locked!.countedAt ?? (merged.status === 'SCHEDULED' ? now : null),
        dueAt: merged.status === 'SCHEDULED' ? new Date(merged.postDate) : null,
        claimedBy: null,
        claimedUntil: null,
        updatedAt: now,
      })
      .where(eq(posts.id, current.id))
      .returning();
    await releaseDailyPostQuota(tx, row!.id);
    await writeTargetsAndMedia(tx, row!, accounts);
    if (row!.status === 'SCHEDULED') await schedule(services, tx, row!, accounts, organization.plan);
    return row!;
  });
}

export async function deletePost(services: AppServices, scope: Scope & { id: string }): Promise<PostRow> {
  return services.db.transaction(async (tx) => {
    const row = await lockPost(tx, scope);
    if (row.status === 'DELETED') return row;
    if (row.status === 'PROCESSING') throw new ConflictError('The post is being published right now; try again in a moment');
    const now = new Date();
    const [deleted] = await tx
      .update(posts)
      .set({ status: 'DELETED', deletedAt: now, version: row.version + 1, dueAt: null, updatedAt: now })
      .where(eq(posts.id, row.id))
      .returning();
    // Nothing will be published: the day's quota is free again (the month still counts it).
    if (row.status !== 'POSTED') await releaseDailyPostQuota(tx, row.id);
    await tx.update(postUploads).set({ releasedAt: now, deletedAt: now, updatedAt: now }).where(eq(postUploads.postId, row.id));
    return deleted!;
  });
}

/** Publishes again the platforms that failed; the ones already posted are left alone. */
export async function retryPost(services: AppServices, scope: Scope & { id: string }): Promise<PostRow> {
  return services.db.transaction(async (tx) => {
    const row = await lockPost(tx, scope);
    if (row.status !== 'ERROR') throw new ConflictError(`Only a post in ERROR can be retried (this one is ${row.status})`);
    const now = new Date();
    await tx
      .update(postTargets)
      .set({ status: 'PENDING', error: null, errorVerbose: null, nextAttemptAt: null, intentKey: null, progress: null, attempts: 0, updatedAt: now })
      .where(and(eq(postTargets.postId, row.id), ne(postTargets.status, 'POSTED')));
    const [updated] = await tx
      .update(posts)
      .set({ status: 'SCHEDULED', error: null, retryCount: row.retryCount + 1, version: row.version + 1, dueAt: now, updatedAt: now })
      .where(eq(posts.id, row.id))
      .returning();
    await services.jobs.send(publishPostJob, { postId: row.id, version: updated!.version }, { executor: tx });
    return updated!;
  });
}

export type ListPostsInput = {
  organizationId: string;
  teamId: string;
  offset: number;
  limit: number;
  status?: PostStatus | 'REVIEW';
  orderBy: 'createdAt' | 'updatedAt' | 'postDate' | 'postedDate' | 'deletedAt';
  order: 'ASC' | 'DESC';
  q?: string;
  platforms?: PostPlatform[];
  postDateFrom?: string;
  postDateTo?: string;
};

export async function listPosts(db: Executor, input: ListPostsInput) {
  await getTeam(db, { organizationId: input.organizationId, id: input.teamId });
  const filters: (SQL | undefined)[] = [
    eq(posts.organizationId, input.organizationId),
    eq(posts.teamId, input.teamId),
    // Deleted posts are listed only when asked for.
    input.status ? eq(posts.status, input.status as PostStatus) : ne(posts.status, 'DELETED'),
    input.platforms?.length ? arrayOverlaps(posts.platforms, input.platforms) : undefined,
    input.postDateFrom ? gte(posts.postDate, new Date(input.postDateFrom)) : undefined,
    input.postDateTo ? lte(posts.postDate, new Date(input.postDateTo)) : undefined,
    input.q ? or(ilike(posts.title, likePattern(input.q)), ilike(sql`${posts.data}::text`, likePattern(input.q))) : undefined,
  ];
  const where = and(...filters);
  const column = posts[input.orderBy];
  const direction = input.order === 'ASC' ? asc : desc;
  const [items, [total]] = await Promise.all([
    db.select().from(posts).where(where).orderBy(direction(column), direction(posts.id)).offset(input.offset).limit(input.limit),
    db.select({ value: count() }).from(posts).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}

export async function getPostByReferenceKey(db: Executor, params: Scope & { referenceKey: string }): Promise<PostRow> {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.organizationId, params.organizationId), eq(posts.referenceKey, params.referenceKey)));
  if (!row) throw new NotFoundError('Post');
  return row;
}

/** The checks every create and edit runs before writing: content, accounts, media; and the plan they count against. */
export async function checkContent(db: Executor, organizationId: string, teamId: string, post: CreateInput) {
  const accounts = await checkPostContent(db, {
    organizationId,
    teamId,
    platforms: post.socialAccountTypes,
    data: post.data as Partial<PlatformOptions>,
    requireAccounts: post.status === 'SCHEDULED',
  });
  const organization = await getOrganization(db, organizationId);
  return { accounts, organization };
}

export function assertEditable(row: PostRow) {
  if (row.status === 'DELETED') throw new NotFoundError('Post');
  if (!EDITABLE.includes(row.status)) {
    throw new ConflictError(row.status === 'PROCESSING' ? 'The post is being published right now and cannot be changed' : 'A published post cannot be changed');
  }
}

export async function assertReferenceKeyFree(tx: Executor, organizationId: string, referenceKey: string) {
  const [taken] = await tx
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.organizationId, organizationId), eq(posts.referenceKey, referenceKey)));
  if (taken) throw new ConflictError(`referenceKey '${referenceKey}' is already used by post ${taken.id}`);
}

/**
 * One target per platform (kept when already posted) and the post's links to its uploads; a draft
 * saved with problems (decision 090) links only the uploads that exist (`linkable`).
 */
export async function writeTargetsAndMedia(tx: Executor, row: PostRow, accounts: Map<PostPlatform, SocialAccountRow>, linkable?: Set<string>) {
  const existing = await tx.select().from(postTargets).where(eq(postTargets.postId, row.id));
  const wanted = new Set(row.platforms);
  const stale = existing.filter((target) => !wanted.has(target.platform) && target.status !== 'POSTED').map((target) => target.id);
  if (stale.length) await tx.delete(postTargets).where(inArray(postTargets.id, stale));
  for (const platform of row.platforms as PostPlatform[]) {
    const account = accounts.get(platform) ?? null;
    const current = existing.find((target) => target.platform === platform);
    if (current?.status === 'POSTED') continue;
    if (current) {
      await tx
        .update(postTargets)
        .set({
          socialAccountId: account?.id ?? null,
          status: 'PENDING',
          error: null,
          errorVerbose: null,
          intentKey: null,
          progress: null,
          attempts: 0,
          nextAttemptAt: null,
          updatedAt: new Date(),
        })
        .where(eq(postTargets.id, current.id));
    } else {
      await tx.insert(postTargets).values({ postId: row.id, organizationId: row.organizationId, platform, socialAccountId: account?.id ?? null });
    }
  }
  const uploadIds = referencedUploadIds(row.data as Partial<PlatformOptions>).filter((id) => !linkable || linkable.has(id));
  await tx.delete(postUploads).where(and(eq(postUploads.postId, row.id), isNull(postUploads.releasedAt)));
  if (uploadIds.length) {
    await tx
      .insert(postUploads)
      .values(uploadIds.map((uploadId) => ({ postId: row.id, uploadId })))
      .onConflictDoUpdate({ target: [postUploads.postId, postUploads.uploadId], set: { releasedAt: null, deletedAt: null, updatedAt: new Date() } });
  }
}

/** Charges each account's day and enqueues the publish job, in the caller's transaction. */
async function schedule(services: AppServices, tx: Executor, row: PostRow, accounts: Map<PostPlatform, SocialAccountRow>, plan: 'FREE' | 'PRO' | 'BUSINESS') {
  for (const [platform, account] of accounts) {
    await chargeDailyPostQuota(tx, {
      organizationId: row.organizationId,
      plan,
      postId: row.id,
      platform,
      externalAccountId: account.externalId ?? account.id,
      accountName: account.username ? `@${account.username}` : (account.displayName ?? account.id),
      postDate: row.postDate,
    });
  }
  await services.jobs.send(publishPostJob, { postId: row.id, version: row.version }, { executor: tx, startAfter: row.postDate });
}

export type { Database };
