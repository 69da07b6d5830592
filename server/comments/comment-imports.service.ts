import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { getAccountById } from '../accounts/accounts.service';
import { connectorEnv, withCredentials } from '../accounts/credentials';
import type { Executor } from '../db/client';
import { commentImports } from '../db/schema/comments';
import { posts, postTargets } from '../db/schema/posts';
import { BadRequestError, ConflictError, NotFoundError } from '../http/errors';
import { getOrganization, type Plan } from '../organizations/organizations.service';
import { importRetry } from '../jobs/import-retry';
import { PlatformError } from '../platforms/platform-error';
import { platformOf } from '../platforms/registry';
import type { PostPlatform } from '../platforms/platform-types';
import type { AppServices } from '../services';
import { getTeam } from '../teams/teams.service';
import type { CommentImportListQuery, CreateCommentImportBody } from './comments.schemas';
import { storeFetchedComments } from './fetched-comments.service';
import { importCommentsJob } from './comments.jobs';
import { IMPORT_PLATFORMS, type ImportPlatform } from './shared/comment-statuses';

export type CommentImportRow = typeof commentImports.$inferSelect;

/** Comments stored per post per import run (the newest are kept). */
export const COMMENTS_PER_IMPORT_RUN: Record<Plan, number> = { FREE: 25, PRO: 200, BUSINESS: 1_000 };

const MAX_TRANSIENT_ATTEMPTS = 4;

export function toCommentImportDto(row: CommentImportRow) {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: row.id,
    teamId: row.teamId,
    organizationId: row.organizationId,
    socialAccountId: row.socialAccountId,
    postId: row.postId,
    importedPostId: null,
    platform: row.platform as ImportPlatform,
    status: row.status,
    commentsImported: row.commentsImported,
    error: row.error,
    rateLimitResetAt: iso(row.rateLimitResetAt),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The post's published item on a platform and the account that published it; 404 or a clear 400 otherwise. */
export async function publishedTarget(db: Executor, params: { organizationId: string; teamId: string; postId: string; platform: PostPlatform }) {
  const [post] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.organizationId, params.organizationId), eq(posts.teamId, params.teamId), eq(posts.id, params.postId)));
  if (!post || post.status === 'DELETED') throw new NotFoundError('Post');
  const label = platformOf(params.platform).label;
  const [target] = await db
    .select()
    .from(postTargets)
    .where(and(eq(postTargets.postId, post.id), eq(postTargets.platform, params.platform)));
  if (!target) throw new BadRequestError(`The post was not published on ${label}`);
  if (target.status !== 'POSTED' || !target.externalData?.id || !target.socialAccountId) throw new BadRequestError(`The post is not published on ${label} yet`);
  if (target.deletedAt) throw new BadRequestError(`The post was deleted from ${label}; it has no comments there any more`);
  const account = await getAccountById(db, { organizationId: params.organizationId, id: target.socialAccountId }).catch((error) => {
    if (error instanceof NotFoundError) throw new BadRequestError(`The ${label} account that published the post is no longer connected`);
    throw error;
  });
  return { post, target, account };
}

export async function createCommentImport(services: AppServices, scope: { organizationId: string }, input: z.infer<typeof CreateCommentImportBody>) {
  const { db } = services;
  await getTeam(db, { organizationId: scope.organizationId, id: input.teamId });
  if (!(IMPORT_PLATFORMS as readonly string[]).includes(input.socialAccountType)) {
    throw new BadRequestError(`Comments cannot be imported from ${platformOf(input.socialAccountType).label} (supported: ${IMPORT_PLATFORMS.join(', ')})`);
  }
  if (input.importedPostId) throw new NotFoundError('Imported post');
  const { account } = await publishedTarget(db, { ...scope, teamId: input.teamId, postId: input.postId!, platform: input.socialAccountType });
  return db.transaction(async (tx) => {
    await tx.execute(sqlLock(`comment-import:${account.id}:${input.postId}`));
    const [running] = await tx
      .select({ id: commentImports.id })
      .from(commentImports)
      .where(
        and(
          eq(commentImports.socialAccountId, account.id),
          eq(commentImports.postId, input.postId!),
          eq(commentImports.trigger, 'MANUAL'),
          inArray(commentImports.status, ['PENDING', 'FETCHING', 'RETRYING', 'RATE_LIMITED']),
        ),
      );
    if (running) throw new ConflictError(`An import of this post's ${input.socialAccountType} comments is already running (${running.id})`);
    const [row] = await tx
      .insert(commentImports)
      .values({
        organizationId: scope.organizationId,
        teamId: input.teamId,
        socialAccountId: account.id,
        postId: input.postId!,
        platform: input.socialAccountType,
      })
      .returning();
    await services.jobs.send(importCommentsJob, { importId: row!.id }, { executor: tx });
    return row!;
  });
}

function sqlLock(key: string) {
  return sql`select pg_advisory_xact_lock(hashtext(${key}))`;
}

export async function listCommentImports(db: Executor, input: { organizationId: string } & z.infer<typeof CommentImportListQuery>) {
  await getTeam(db, { organizationId: input.organizationId, id: input.teamId });
  if (input.importedPostId) return { imports: [], total: 0 };
  const where = and(
    eq(commentImports.organizationId, input.organizationId),
    eq(commentImports.teamId, input.teamId),
    input.postId ? eq(commentImports.postId, input.postId) : undefined,
    input.status ? eq(commentImports.status, input.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(commentImports).where(where).orderBy(desc(commentImports.createdAt), desc(commentImports.id)).offset(input.offset).limit(input.limit),
    db.select({ value: count() }).from(commentImports).where(where),
  ]);
  return { imports: rows.map(toCommentImportDto), total: total?.value ?? 0 };
}

export async function getCommentImport(db: Executor, scope: { organizationId: string; id: string }) {
  const [row] = await db
    .select()
    .from(commentImports)
    .where(and(eq(commentImports.organizationId, scope.organizationId), eq(commentImports.id, scope.id)));
  if (!row) throw new NotFoundError('Comment import');
  return row;
}

/** The import job: fetch the post's comments, keep the plan's newest, store them. Idempotent per run. */
export async function runCommentImport(services: AppServices, importId: string): Promise<void> {
  const { db } = services;
  const [run] = await db.select().from(commentImports).where(eq(commentImports.id, importId));
  if (!run || ['COMPLETED', 'FAILED', 'SKIPPED'].includes(run.status)) return;
  const now = new Date();
  await db
    .update(commentImports)
    .set({ status: 'FETCHING', startedAt: run.startedAt ?? now, attempts: run.attempts + 1, updatedAt: now })
    .where(eq(commentImports.id, run.id));
  const fail = (status: 'FAILED' | 'RATE_LIMITED' | 'RETRYING', error: string, extra: Partial<CommentImportRow> = {}) =>
    db
      .update(commentImports)
      .set({ status, error, updatedAt: new Date(), ...extra })
      .where(eq(commentImports.id, run.id));
  let target;
  try {
    target = await publishedTarget(db, { organizationId: run.organizationId, teamId: run.teamId, postId: run.postId, platform: run.platform });
  } catch (error) {
    if (error instanceof NotFoundError || error instanceof BadRequestError) return void (await fail('FAILED', error.message, { completedAt: new Date() }));
    throw error;
  }
  const organization = await getOrganization(db, run.organizationId);
  try {
    const listed = await withCredentials(services, target.account, async (connector, credentials) => {
      if (!connector.comments)
        throw new PlatformError({
          code: 'PERMANENT',
          message: `${run.platform} comments cannot be imported`,
          httpStatus: 501,
          meta: { platform: run.platform, operation: 'comments.list' },
        });
      const where = { externalId: target.account.externalId, selectedChannelId: target.account.selectedChannelId };
      return connector.comments.list(connectorEnv(services), credentials, where, { externalId: target.target.externalData!.id! });
    });
    const kept = listed
      .filter((item) => !item.deletedAt)
      .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime())
      .slice(0, COMMENTS_PER_IMPORT_RUN[organization.plan]);
    await db.transaction(async (tx) => {
      const owner = {
        organizationId: run.organizationId,
        teamId: run.teamId,
        postId: run.postId,
        socialAccountId: run.socialAccountId,
        importId: run.id,
        platform: run.platform,
      };
      await storeFetchedComments(tx, owner, kept);
      await tx
        .update(commentImports)
        .set({ status: 'COMPLETED', commentsImported: kept.length, error: null, rateLimitResetAt: null, completedAt: new Date(), updatedAt: new Date() })
        .where(eq(commentImports.id, run.id));
    });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    const next = importRetry(error, run.attempts, MAX_TRANSIENT_ATTEMPTS, services.config.IMPORT_RETRY_BASE_SECONDS);
    if (next.kind !== 'FAIL') {
      // A rate limit says when to come back; a transient failure backs off: the run fetches again then.
      const changes = next.kind === 'RATE_LIMITED' ? { status: 'RATE_LIMITED' as const, rateLimitResetAt: next.at } : { status: 'RETRYING' as const };
      await db.transaction(async (tx) => {
        await tx
          .update(commentImports)
          .set({ ...changes, error: error.message, updatedAt: new Date() })
          .where(eq(commentImports.id, run.id));
        await services.jobs.send(importCommentsJob, { importId: run.id }, { executor: tx, startAfter: next.at });
      });
      return;
    }
    await fail('FAILED', error.message, { completedAt: new Date() });
  }
}

/** The import job's retries ran out on an unexpected error: the run fails instead of staying FETCHING. */
export async function failCommentImportAfterRetries(db: Executor, importId: string, error: unknown): Promise<void> {
  await db
    .update(commentImports)
    .set({
      status: 'FAILED',
      error: `The import failed after retries: ${error instanceof Error ? error.message : String(error)}`,
      completedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(commentImports.id, importId), inArray(commentImports.status, ['PENDING', 'FETCHING', 'RETRYING', 'RATE_LIMITED'])));
}
