import { and, arrayOverlaps, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../db/client';
import { comments, commentTargets } from '../db/schema/comments';
import { ConflictError, NotFoundError } from '../http/errors';
import { likePattern } from '../http/pagination';
import { getOrganization, type Plan } from '../organizations/organizations.service';
import type { AppServices } from '../services';
import type { PostPlatform } from '../platforms/platform-types';
import { getTeam } from '../teams/teams.service';
import { checkComment, type CheckedComment } from './comment-checks';
import type { CommentRow } from './comment-dto';
import { assertMonthlyCommentQuota, chargeDailyCommentQuota, releaseDailyCommentQuota } from './comment-quotas';
import type { CommentListQuery, CreateCommentBody, UpdateCommentBody } from './comments.schemas';
import { publishCommentJob } from './comments.jobs';
import type { CommentStatus } from './shared/comment-statuses';

type Scope = { organizationId: string };
type CreateInput = z.infer<typeof CreateCommentBody>;

/** Statuses a comment can still be changed in: nothing of it is on a platform yet, or it failed. */
const EDITABLE: CommentStatus[] = ['DRAFT', 'SCHEDULED', 'ERROR', 'RETRYING'];

export async function getCommentRow(db: Executor, scope: Scope & { id: string }): Promise<CommentRow> {
  const [row] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.organizationId, scope.organizationId), eq(comments.id, scope.id)));
  if (!row) throw new NotFoundError('Comment');
  return row;
}

async function lockComment(tx: Executor, scope: Scope & { id: string }): Promise<CommentRow> {
  const [row] = await tx
    .select()
    .from(comments)
    .where(and(eq(comments.organizationId, scope.organizationId), eq(comments.id, scope.id)))
    .for('update');
  if (!row) throw new NotFoundError('Comment');
  return row;
}

export async function createComment(services: AppServices, scope: Scope, input: CreateInput): Promise<CommentRow> {
  const { db } = services;
  await getTeam(db, { organizationId: scope.organizationId, id: input.teamId });
  const checked = await checkComment(db, scope.organizationId, input);
  const organization = await getOrganization(db, scope.organizationId);
  const status = input.status ?? 'SCHEDULED';
  const postDate = input.postDate ? new Date(input.postDate) : new Date();
  const now = new Date();
  return db.transaction(async (tx) => {
    if (status === 'SCHEDULED') await assertMonthlyCommentQuota(tx, { organizationId: scope.organizationId, plan: organization.plan, countedAt: now });
    const [row] = await tx
      .insert(comments)
      .values({
        organizationId: scope.organizationId,
        teamId: input.teamId,
        internalPostId: input.internalPostId ?? null,
        importedPostId: input.importedPostId ?? null,
        internalParentCommentId: input.internalParentCommentId ?? null,
        fetchedParentCommentId: input.fetchedParentCommentId ?? null,
        title: checked.title,
        status,
        postDate,
        platforms: checked.platforms,
        data: checked.data,
        countedAt: status === 'SCHEDULED' ? now : null,
        dueAt: status === 'SCHEDULED' ? postDate : null,
        createdAt: now,
      })
      .returning();
    await writeTargets(tx, row!, checked);
    if (status === 'SCHEDULED') await schedule(services, tx, row!, checked, organization.plan);
    return row!;
  });
}

export async function updateComment(services: AppServices, scope: Scope & { id: string }, changes: z.infer<typeof UpdateCommentBody>): Promise<CommentRow> {
  const { db } = services;
  const current = await getCommentRow(db, scope);
  assertEditable(current);
  const platforms = changes.socialAccountTypes ?? (current.platforms as NonNullable<CreateInput['socialAccountTypes']>);
  // The change's texts over the stored ones (a new `text` replaces them all unless a platform names
  // its own), kept to the platforms the comment goes to after the change.
  const texts = Object.fromEntries(
    Object.entries({ ...(changes.text ? {} : current.data), ...changes.data }).filter(([platform]) => (platforms as string[]).includes(platform)),
  ) as CreateInput['data'];
  const merged: CreateInput = {
    teamId: current.teamId,
    title: changes.title ?? current.title,
    internalPostId: changes.importedPostId ? undefined : (changes.internalPostId ?? current.internalPostId ?? undefined),
    importedPostId: changes.importedPostId ?? current.importedPostId ?? undefined,
    internalParentCommentId:
      changes.internalParentCommentId === null ? undefined : (changes.internalParentCommentId ?? current.internalParentCommentId ?? undefined),
    fetchedParentCommentId:
      changes.fetchedParentCommentId === null ? undefined : (changes.fetchedParentCommentId ?? current.fetchedParentCommentId ?? undefined),
    postDate: changes.postDate ?? current.postDate.toISOString(),
    status: changes.status ?? (current.status === 'DRAFT' ? 'DRAFT' : 'SCHEDULED'),
    socialAccountTypes: platforms,
    data: texts && Object.keys(texts).length > 0 ? texts : undefined,
    text: changes.text,
  };
  const checked = await checkComment(db, scope.organizationId, merged);
  const organization = await getOrganization(db, scope.organizationId);
  const now = new Date();
  return db.transaction(async (tx) => {
    const locked = await lockComment(tx, scope);
    assertEditable(locked);
    if (merged.status === 'SCHEDULED' && !locked.countedAt) {
      await assertMonthlyCommentQuota(tx, { organizationId: scope.organizationId, plan: organization.plan, countedAt: now });
    }
    const postDate = new Date(merged.postDate!);
    const [row] = await tx
      .update(comments)
      .set({
        title: checked.title,
        internalPostId: merged.internalPostId ?? null,
        importedPostId: merged.importedPostId ?? null,
        internalParentCommentId: merged.internalParentCommentId ?? null,
        fetchedParentCommentId: merged.fetchedParentCommentId ?? null,
        status: merged.status,
        postDate,
        platforms: checked.platforms,
        data: checked.data,
        version: locked.version + 1,
        error: null,
        countedAt: locked.countedAt ?? (merged.status === 'SCHEDULED' ? now : null),
        dueAt: merged.status === 'SCHEDULED' ? postDate : null,
        claimedBy: null,
        claimedUntil: null,
        updatedAt: now,
      })
      .where(eq(comments.id, locked.id))
      .returning();
    await releaseDailyCommentQuota(tx, row!.id);
    await writeTargets(tx, row!, checked);
    if (row!.status === 'SCHEDULED') await schedule(services, tx, row!, checked, organization.plan);
    return row!;
  });
}

export async function deleteComment(services: AppServices, scope: Scope & { id: string }): Promise<CommentRow> {
  return services.db.transaction(async (tx) => {
    const row = await lockComment(tx, scope);
    if (row.status === 'DELETED') return row;
    if (row.status === 'PROCESSING') throw new ConflictError('The comment is being published right now; try again in a moment');
    const now = new Date();
    const [deleted] = await tx
      .update(comments)
      .set({ status: 'DELETED', deletedAt: now, version: row.version + 1, dueAt: null, updatedAt: now })
      .where(eq(comments.id, row.id))
      .returning();
    // What was not published will not be: that part of the day's quota is free again (the month still counts it).
    await releaseDailyCommentQuota(tx, row.id);
    return deleted!;
  });
}

/** Publishes again the platforms that failed; the ones already posted are left alone. */
export async function retryComment(services: AppServices, scope: Scope & { id: string }): Promise<CommentRow> {
  return services.db.transaction(async (tx) => {
    const row = await lockComment(tx, scope);
    if (row.status !== 'ERROR') throw new ConflictError(`Only a comment in ERROR can be retried (this one is ${row.status})`);
    const now = new Date();
    // The failed targets keep their intent keys: if a platform did take the comment after all,
    // the retry finds it there instead of commenting twice.
    await tx
      .update(commentTargets)
      .set({ status: 'PENDING', error: null, errorVerbose: null, nextAttemptAt: null, attempts: 0, updatedAt: now })
      .where(and(eq(commentTargets.commentId, row.id), ne(commentTargets.status, 'POSTED')));
    const [updated] = await tx
      .update(comments)
      .set({ status: 'SCHEDULED', error: null, version: row.version + 1, dueAt: now, updatedAt: now })
      .where(eq(comments.id, row.id))
      .returning();
    await services.jobs.send(publishCommentJob, { commentId: row.id, version: updated!.version }, { executor: tx });
    return updated!;
  });
}

export async function listComments(db: Executor, input: Scope & z.infer<typeof CommentListQuery>) {
  await getTeam(db, { organizationId: input.organizationId, id: input.teamId });
  const filters: (SQL | undefined)[] = [
    eq(comments.organizationId, input.organizationId),
    eq(comments.teamId, input.teamId),
    input.status ? eq(comments.status, input.status) : ne(comments.status, 'DELETED'),
    input.postId ? eq(comments.internalPostId, input.postId) : undefined,
    input.importedPostId ? eq(comments.importedPostId, input.importedPostId) : undefined,
    input.platforms?.length ? arrayOverlaps(comments.platforms, input.platforms) : undefined,
    input.q ? or(ilike(comments.title, likePattern(input.q)), ilike(sql`${comments.data}::text`, likePattern(input.q))) : undefined,
  ];
  const where = and(...filters);
  const direction = input.order === 'ASC' ? asc : desc;
  const [items, [total]] = await Promise.all([
    db.select().from(comments).where(where).orderBy(direction(comments[input.orderBy]), direction(comments.id)).offset(input.offset).limit(input.limit),
    db.select({ value: count() }).from(comments).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}

function assertEditable(row: CommentRow) {
  if (row.status === 'DELETED') throw new NotFoundError('Comment');
  if (!EDITABLE.includes(row.status)) {
    throw new ConflictError(
      row.status === 'PROCESSING' ? 'The comment is being published right now and cannot be changed' : 'A published comment cannot be changed here',
    );
  }
}

/** One target per platform (kept when already posted), pointing at the account that published the post. */
async function writeTargets(tx: Executor, row: CommentRow, checked: CheckedComment) {
  const existing = await tx.select().from(commentTargets).where(eq(commentTargets.commentId, row.id));
  const stale = existing
    .filter((target) => !(checked.platforms as readonly PostPlatform[]).includes(target.platform) && target.status !== 'POSTED')
    .map((target) => target.id);
  if (stale.length) await tx.delete(commentTargets).where(inArray(commentTargets.id, stale));
  for (const platform of checked.platforms) {
    const account = checked.accounts.get(platform)!;
    const current = existing.find((target) => target.platform === platform);
    if (current?.status === 'POSTED') continue;
    if (current) {
      await tx
        .update(commentTargets)
        .set({
          socialAccountId: account.id,
          status: 'PENDING',
          error: null,
          errorVerbose: null,
          intentKey: null,
          attempts: 0,
          nextAttemptAt: null,
          updatedAt: new Date(),
        })
        .where(eq(commentTargets.id, current.id));
    } else {
      await tx.insert(commentTargets).values({ commentId: row.id, organizationId: row.organizationId, platform, socialAccountId: account.id });
    }
  }
}

/** Charges each account's day and enqueues the publish job, in the caller's transaction. */
async function schedule(services: AppServices, tx: Executor, row: CommentRow, checked: CheckedComment, plan: Plan) {
  for (const [platform, account] of checked.accounts) {
    await chargeDailyCommentQuota(tx, {
      organizationId: row.organizationId,
      plan,
      commentId: row.id,
      platform,
      externalAccountId: account.externalId ?? account.id,
      accountName: account.username ? `@${account.username}` : (account.displayName ?? account.id),
      postDate: row.postDate,
    });
  }
  await services.jobs.send(publishCommentJob, { commentId: row.id, version: row.version }, { executor: tx, startAfter: row.postDate });
}
