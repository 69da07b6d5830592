import { and, count, desc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SocialAccountRow } from '../accounts/account-record';
import { requireAccount } from '../accounts/accounts.service';
import { connectorEnv, withCredentials } from '../accounts/credentials';
import { postHistories, toPostItem, toProfilePostDto } from '../analytics/analytics-history';
import { snapshotPost } from '../analytics/analytics.service';
import { completeCharge, getBalance, InsufficientCreditsError, reserveCharge } from '../billing/credits.service';
import { quoteLine } from '../billing/prices';
import type { Executor } from '../db/client';
import { postAnalytics, profilePosts } from '../db/schema/analytics';
import { postHistoryImports, type HistoryProgress } from '../db/schema/post-history';
import { socialAccounts } from '../db/schema/social-accounts';
import { BadRequestError, ConflictError, NotFoundError, QuotaExceededError } from '../http/errors';
import { getOrganization, type Plan } from '../organizations/organizations.service';
import type { HistoryItem } from '../platforms/history';
import { PlatformError } from '../platforms/platform-error';
import { platformOf } from '../platforms/registry';
import type { AppServices } from '../services';
import { getTeam } from '../teams/teams.service';
import { countImport, importCapacity, lockImportMeter, MONTHLY_IMPORT_LIMITS } from '../usage/import-usage';
import { importPostHistoryJob } from './post-history.jobs';
import type {
  CreatePostHistoryImportBody,
  DeleteImportedPostsBody,
  HistoryPlatform,
  ImportedPostsQuery,
  PostHistoryImportListQuery,
} from './post-history.schemas';

export type PostHistoryImportRow = typeof postHistoryImports.$inferSelect;
type ProfilePostRow = typeof profilePosts.$inferSelect;

/** Runs of one import (since its start, retry or rate-limit resume) before it is FAILED; the job's retry limit leaves one more delivery to record it. */
export const MAX_HISTORY_ATTEMPTS = 4;
const ACTIVE = ['PENDING', 'FETCHING_POSTS', 'FETCHING_ANALYTICS', 'RATE_LIMITED'] as const;
/** Posts asked per page; X pages are small because every post read there is billed. */
const PAGE_SIZE = 25;
const X_PAGE_SIZE = 10;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toPostHistoryImportDto(row: PostHistoryImportRow) {
  return {
    id: row.id,
    teamId: row.teamId,
    socialAccountId: row.socialAccountId,
    requestedCount: row.requestedCount,
    withAnalytics: row.withAnalytics,
    importCarousels: row.importCarousels,
    onlyLatest: row.onlyLatest,
    surface: row.surface,
    mediaType: row.mediaType,
    status: row.status,
    postsImported: row.postsImported,
    postsRefreshed: row.postsRefreshed,
    analyticsImported: row.analyticsImported,
    error: row.error,
    rateLimitResetAt: iso(row.rateLimitResetAt),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    deletedAt: iso(row.deletedAt),
  };
}

export const monthlyPostImportLimit = (plan: Plan) => MONTHLY_IMPORT_LIMITS.POSTS[plan];

/** X bills every post read: refuse (402) before reading what the balance cannot pay for. */
async function assertCanPayReads(db: Executor, organizationId: string, reads: number) {
  const price = quoteLine('TWITTER_POST_READ', reads);
  const { availableMicros } = await getBalance(db, organizationId);
  if (availableMicros < price.amountMicros) {
    throw new InsufficientCreditsError(
      `Not enough prepaid credits: X bills every post read (${price.unitAmountMicros} micro-USD each); reading ${reads} costs ${price.amountMicros} and the available balance is ${availableMicros}. Ask the operator to add credits.`,
    );
  }
}

function requireHistory(account: SocialAccountRow) {
  const definition = platformOf(account.type);
  if (!definition.supports.historyImport) throw new BadRequestError(`${definition.label} post history cannot be imported`);
}

/** `enqueue: false` leaves running it to the caller (the demo seed runs it in place). */
export async function createPostHistoryImport(
  services: AppServices,
  scope: { organizationId: string },
  input: z.infer<typeof CreatePostHistoryImportBody>,
  options: { enqueue?: boolean } = {},
) {
  const { db } = services;
  const account = await requireAccount(db, { organizationId: scope.organizationId, teamId: input.teamId, type: input.socialAccountType });
  requireHistory(account);
  const organization = await getOrganization(db, scope.organizationId);
  if (account.type === 'TWITTER') await assertCanPayReads(db, scope.organizationId, 1);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`post-history:${account.id}`}))`);
    const [running] = await tx
      .select({ id: postHistoryImports.id })
      .from(postHistoryImports)
      .where(and(eq(postHistoryImports.socialAccountId, account.id), inArray(postHistoryImports.status, [...ACTIVE])));
    if (running) throw new ConflictError(`A post history import of this ${platformOf(account.type).label} account is already running (${running.id})`);
    const limit = monthlyPostImportLimit(organization.plan);
    const capacity = await importCapacity(tx, { organizationId: scope.organizationId, kind: 'POSTS', account, limit });
    if (capacity.remaining <= 0) {
      throw new QuotaExceededError(
        `Monthly post import limit reached for this account: ${limit} posts per account per month on the ${organization.plan} plan (resets on the 1st, UTC)`,
      );
    }
    const [row] = await tx
      .insert(postHistoryImports)
      .values({
        organizationId: scope.organizationId,
        teamId: input.teamId,
        socialAccountId: account.id,
        platform: account.type,
        requestedCount: input.count,
        withAnalytics: input.withAnalytics,
        importCarousels: input.importCarousels,
        onlyLatest: input.onlyLatest,
        surface: input.surface,
        mediaType: input.mediaType ?? null,
      })
      .returning();
    if (options.enqueue !== false) await services.jobs.send(importPostHistoryJob, { importId: row!.id }, { executor: tx });
    return row!;
  });
}

export async function listPostHistoryImports(db: Executor, input: { organizationId: string } & z.infer<typeof PostHistoryImportListQuery>) {
  await getTeam(db, { organizationId: input.organizationId, id: input.teamId });
  const rows = await db
    .select()
    .from(postHistoryImports)
    .where(
      and(
        eq(postHistoryImports.organizationId, input.organizationId),
        eq(postHistoryImports.teamId, input.teamId),
        isNull(postHistoryImports.deletedAt),
        input.socialAccountType ? eq(postHistoryImports.platform, input.socialAccountType) : undefined,
      ),
    )
    .orderBy(desc(postHistoryImports.createdAt), desc(postHistoryImports.id))
    .limit(100);
  return { imports: rows.map(toPostHistoryImportDto) };
}

export async function getPostHistoryImport(db: Executor, scope: { organizationId: string; id: string }) {
  const [row] = await db
    .select()
    .from(postHistoryImports)
    .where(and(eq(postHistoryImports.organizationId, scope.organizationId), eq(postHistoryImports.id, scope.id), isNull(postHistoryImports.deletedAt)));
  if (!row) throw new NotFoundError('Post history import');
  return row;
}

/** A FAILED import starts again where it stopped (the posts it already imported stay imported). */
export async function retryPostHistoryImport(services: AppServices, scope: { organizationId: string; id: string; teamId: string }) {
  const row = await getPostHistoryImport(services.db, scope);
  if (row.teamId !== scope.teamId) throw new NotFoundError('Post history import');
  if (row.status !== 'FAILED') throw new ConflictError(`Only a failed import can be retried; this one is ${row.status}`);
  if (row.platform === 'TWITTER') await assertCanPayReads(services.db, scope.organizationId, 1);
  return services.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(postHistoryImports)
      .set({ status: 'PENDING', attempts: 0, error: null, completedAt: null, rateLimitResetAt: null, updatedAt: new Date() })
      .where(and(eq(postHistoryImports.id, row.id), eq(postHistoryImports.status, 'FAILED')))
      .returning();
    if (!updated) throw new ConflictError('The import is already being retried');
    await services.jobs.send(importPostHistoryJob, { importId: row.id }, { executor: tx });
    return updated;
  });
}

/** The type column of the outline (`POST`, `REEL`, `STORY`, `VIDEO`, `IMAGE`) for an item. */
function typeOf(item: HistoryItem): ProfilePostRow['type'] {
  switch (item.contentType) {
    case 'STORY':
      return 'STORY';
    case 'REEL':
      return 'REEL';
    case 'SHORTS':
    case 'VIDEO':
      return 'VIDEO';
    case 'IMAGE':
      return 'IMAGE';
    default:
      return 'POST';
  }
}

/** What the import keeps beyond the columns; YouTube's is always null (its shorts are told by `contentType`/`isShort`). */
function extraDataOf(platform: string, item: HistoryItem, importCarousels: boolean): Record<string, unknown> | null {
  if (platform === 'YOUTUBE') return null;
  const media = item.media.map(({ type, url, thumbnail, width, height, durationSeconds }) => ({ type, url, thumbnail, width, height, durationSeconds }));
  return {
    contentType: item.contentType,
    surface: item.surface,
    mediaType: item.media[0]?.type ?? null,
    mediaCount: item.media.length,
    ...(importCarousels && item.contentType === 'CAROUSEL' ? { media } : {}),
  };
}

function columnsOf(platform: string, item: HistoryItem, importCarousels: boolean) {
  const thumbnail = item.media[0]?.thumbnail ?? null;
  return {
    permalink: item.permalink,
    extraData: extraDataOf(platform, item, importCarousels),
    title: item.title,
    description: item.text,
    thumbnail,
    smallThumbnail: thumbnail,
    subreddit: item.subreddit,
    publishedAt: item.publishedAt,
    type: typeOf(item),
    contentType: item.contentType,
    isShort: item.isShort,
  };
}

type RunContext = { services: AppServices; run: PostHistoryImportRow; account: SocialAccountRow; plan: Plan };

async function readPage(context: RunContext, cursor: string | null, limit: number) {
  const { services, run, account } = context;
  return withCredentials(services, account, (connector, credentials) => {
    if (!connector.history) {
      throw new PlatformError({
        code: 'PERMANENT',
        message: `${platformOf(run.platform).label} post history cannot be read`,
        httpStatus: 501,
        meta: { platform: run.platform, operation: 'history.list' },
      });
    }
    return connector.history.list(
      connectorEnv(services),
      credentials,
      { externalId: account.externalId, selectedChannelId: account.selectedChannelId },
      {
        cursor,
        limit,
        surface: run.surface,
        mediaType: run.mediaType,
      },
    );
  });
}

/**
 * Walks the account's posts from the newest back, page by page: posts already here are refreshed
 * (permalink, extraData...) without counting; new ones are stored and counted on the monthly meter
 * until `requestedCount` new posts, the end of the history, or the monthly cap. With `onlyLatest`
 * only the latest `requestedCount` posts are looked at. The position is saved after every page.
 */
async function fetchPosts(context: RunContext) {
  const { services, account } = context;
  let run = context.run;
  const limit = monthlyPostImportLimit(context.plan);
  const billed = run.platform === 'TWITTER';
  for (;;) {
    const progress = run.progress;
    const wanted = run.requestedCount - run.postsImported;
    const left = run.onlyLatest ? run.requestedCount - progress.checked : Infinity;
    const capacity = await importCapacity(services.db, { organizationId: run.organizationId, kind: 'POSTS', account, limit });
    if (wanted <= 0 || left <= 0 || capacity.remaining <= 0) break;
    // X bills each post read: read no more than could still be imported.
    const pageSize = billed ? Math.min(X_PAGE_SIZE, left, wanted) : Math.min(PAGE_SIZE, left);
    if (billed) await assertCanPayReads(services.db, run.organizationId, pageSize);
    const page = await readPage(context, progress.cursor, pageSize);
    if (billed && page.items.length > 0) {
      // Charged once per page of this run: a crashed run that reads the page again is not charged twice.
      const charge = await reserveCharge(services.db, {
        organizationId: run.organizationId,
        action: 'TWITTER_POST_READ',
        quantity: page.items.length,
        dedupeKey: `x-history:${run.id}:${progress.cursor ?? 'latest'}`,
        details: { postHistoryImportId: run.id, socialAccountId: account.id, postsRead: page.items.length },
      });
      await completeCharge(services.db, charge);
    }
    run = await services.db.transaction(async (tx) => {
      await lockImportMeter(tx, { organizationId: run.organizationId, kind: 'POSTS', account });
      const { remaining } = await importCapacity(tx, { organizationId: run.organizationId, kind: 'POSTS', account, limit });
      const known = page.items.length
        ? await tx
            .select()
            .from(profilePosts)
            .where(
              and(
                eq(profilePosts.socialAccountId, account.id),
                inArray(
                  profilePosts.externalId,
                  page.items.map((item) => item.externalId),
                ),
              ),
            )
        : [];
      let imported = 0;
      let refreshed = 0;
      const now = new Date();
      for (const item of page.items) {
        const existing = known.find((row) => row.externalId === item.externalId);
        const columns = columnsOf(run.platform, item, run.importCarousels);
        if (existing) {
          const refresh = existing.internal ? { permalink: columns.permalink } : { ...columns, externallyDeletedAt: null };
          await tx
            .update(profilePosts)
            .set({ ...refresh, updatedAt: now })
            .where(eq(profilePosts.id, existing.id));
          refreshed += 1;
          continue;
        }
        if (imported >= wanted || imported >= remaining) continue;
        await tx.insert(profilePosts).values({
          organizationId: run.organizationId,
          socialAccountId: account.id,
          platform: run.platform,
          externalId: item.externalId,
          internal: false,
          importId: run.id,
          importedAt: now,
          ...columns,
        });
        imported += 1;
      }
      await countImport(tx, { organizationId: run.organizationId, kind: 'POSTS', account, n: imported });
      const next: HistoryProgress = { cursor: page.nextCursor, checked: progress.checked + page.items.length, postsDone: page.nextCursor === null };
      const [updated] = await tx
        .update(postHistoryImports)
        .set({
          postsImported: run.postsImported + imported,
          postsRefreshed: run.postsRefreshed + refreshed,
          progress: next,
          updatedAt: now,
        })
        .where(eq(postHistoryImports.id, run.id))
        .returning();
      return updated!;
    });
    if (run.progress.postsDone) break;
  }
  const [done] = await services.db
    .update(postHistoryImports)
    .set({ progress: { ...run.progress, postsDone: true }, updatedAt: new Date() })
    .where(eq(postHistoryImports.id, run.id))
    .returning();
  return done!;
}

/** The initial snapshot of each post this run imported and that has none yet (so a resumed run picks up where it stopped). */
async function fetchAnalytics(context: RunContext, run: PostHistoryImportRow) {
  const { services } = context;
  // Analytics are a paid-plan feature: FREE imports carry none.
  if (!run.withAnalytics || context.plan === 'FREE') return;
  await services.db.update(postHistoryImports).set({ status: 'FETCHING_ANALYTICS', updatedAt: new Date() }).where(eq(postHistoryImports.id, run.id));
  const pending = await services.db
    .select()
    .from(profilePosts)
    .where(
      and(
        eq(profilePosts.importId, run.id),
        isNull(profilePosts.deletedAt),
        notExists(
          services.db
            .select({ one: sql`1` })
            .from(postAnalytics)
            .where(eq(postAnalytics.profilePostId, profilePosts.id)),
        ),
      ),
    );
  for (const profilePost of pending) {
    try {
      if (run.platform === 'TWITTER') {
        const charge = await reserveCharge(services.db, {
          organizationId: run.organizationId,
          action: 'TWITTER_POST_READ',
          dedupeKey: `x-history-analytics:${profilePost.id}`,
          details: { postHistoryImportId: run.id, profilePostId: profilePost.id },
        });
        await completeCharge(services.db, charge);
      }
      await snapshotPost(services, profilePost, false);
    } catch (error) {
      // A post removed from the platform since it was listed has no numbers: the others still get theirs.
      if (error instanceof PlatformError && error.code === 'NOT_FOUND') continue;
      throw error;
    }
    await services.db
      .update(postHistoryImports)
      .set({ analyticsImported: sql`${postHistoryImports.analyticsImported} + 1`, updatedAt: new Date() })
      .where(eq(postHistoryImports.id, run.id));
  }
}

async function finish(services: AppServices, id: string, set: Partial<PostHistoryImportRow>) {
  await services.db
    .update(postHistoryImports)
    .set({ updatedAt: new Date(), ...set })
    .where(eq(postHistoryImports.id, id));
}

/**
 * The import job. Every way out leaves the run in a state that tells the truth: COMPLETED,
 * RATE_LIMITED with its own resume job, FAILED (a final refusal, unpaid X reads, or the last
 * attempt), or an in-progress state with the queue's retry pending. A run that crashed or timed
 * out on its last attempt is marked FAILED by the delivery after it (the job's retry limit keeps one).
 */
export async function runPostHistoryImport(services: AppServices, importId: string): Promise<void> {
  const { db } = services;
  const [row] = await db.select().from(postHistoryImports).where(eq(postHistoryImports.id, importId));
  if (!row || row.deletedAt || row.status === 'COMPLETED' || row.status === 'FAILED') return;
  const attempts = row.attempts + 1;
  if (attempts > MAX_HISTORY_ATTEMPTS) {
    return finish(services, row.id, { status: 'FAILED', error: row.error ?? `Gave up after ${MAX_HISTORY_ATTEMPTS} attempts`, completedAt: new Date() });
  }
  const now = new Date();
  const [run] = await db
    .update(postHistoryImports)
    .set({
      status: row.progress.postsDone ? 'FETCHING_ANALYTICS' : 'FETCHING_POSTS',
      attempts,
      startedAt: row.startedAt ?? now,
      rateLimitResetAt: null,
      updatedAt: now,
    })
    .where(eq(postHistoryImports.id, row.id))
    .returning();
  const [account] = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.id, row.socialAccountId), eq(socialAccounts.organizationId, row.organizationId), isNull(socialAccounts.deletedAt)));
  if (!account) return finish(services, row.id, { status: 'FAILED', error: 'The social account is no longer connected', completedAt: new Date() });
  try {
    const organization = await getOrganization(db, row.organizationId);
    const context: RunContext = { services, run: run!, account, plan: organization.plan };
    const afterPosts = run!.progress.postsDone ? run! : await fetchPosts(context);
    await fetchAnalytics(context, afterPosts);
    await finish(services, row.id, { status: 'COMPLETED', error: null, completedAt: new Date() });
  } catch (error) {
    if (error instanceof PlatformError && error.code === 'RATE_LIMITED') {
      // The platform says when to come back: the run waits, then resumes where it stopped, by itself.
      const resetAt = new Date(error.meta.resetAt ?? Date.now() + 60_000);
      await db.transaction(async (tx) => {
        await tx
          .update(postHistoryImports)
          .set({ status: 'RATE_LIMITED', error: error.message, rateLimitResetAt: resetAt, attempts: 0, updatedAt: new Date() })
          .where(eq(postHistoryImports.id, row.id));
        await services.jobs.send(importPostHistoryJob, { importId: row.id }, { executor: tx, startAfter: resetAt });
      });
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    const final = error instanceof InsufficientCreditsError || (error instanceof PlatformError && !error.isTransient) || attempts >= MAX_HISTORY_ATTEMPTS;
    if (final) return finish(services, row.id, { status: 'FAILED', error: message, completedAt: new Date() });
    // Transient trouble: the queue delivers the job again after its retry delay.
    await finish(services, row.id, { error: message });
    throw error;
  }
}

async function accountOfTeam(db: Executor, input: { organizationId: string; teamId: string; socialAccountType: HistoryPlatform }) {
  return requireAccount(db, { organizationId: input.organizationId, teamId: input.teamId, type: input.socialAccountType });
}

export async function listImportedPosts(db: Executor, input: { organizationId: string } & z.infer<typeof ImportedPostsQuery>) {
  const account = await accountOfTeam(db, input);
  const organization = await getOrganization(db, input.organizationId);
  const where = and(
    eq(profilePosts.organizationId, input.organizationId),
    eq(profilePosts.socialAccountId, account.id),
    eq(profilePosts.internal, false),
    isNull(profilePosts.deletedAt),
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(profilePosts).where(where).orderBy(desc(profilePosts.publishedAt), desc(profilePosts.id)).offset(input.offset).limit(input.limit),
    db.select({ value: count() }).from(profilePosts).where(where),
  ]);
  const histories = await postHistories(
    db,
    rows.map((row) => row.id),
  );
  const limit = monthlyPostImportLimit(organization.plan);
  const capacity = await importCapacity(db, { organizationId: input.organizationId, kind: 'POSTS', account, limit });
  return {
    posts: rows.map((row) => ({
      ...toProfilePostDto(row),
      contentType: row.contentType,
      isShort: row.isShort,
      analytics: (histories.get(row.id) ?? []).map(toPostItem),
    })),
    total: total?.value ?? 0,
    limit,
    remainingCapacity: capacity.remaining,
  };
}

/** Deletes the team's imported posts among the ids, with their analytics; other ids are ignored. */
export async function deleteImportedPosts(db: Executor, input: { organizationId: string } & z.infer<typeof DeleteImportedPostsBody>) {
  await getTeam(db, { organizationId: input.organizationId, id: input.teamId });
  const ofTeam = db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.organizationId, input.organizationId), eq(socialAccounts.teamId, input.teamId)));
  const deleted = await db
    .delete(profilePosts)
    .where(
      and(
        eq(profilePosts.organizationId, input.organizationId),
        eq(profilePosts.internal, false),
        inArray(profilePosts.id, input.postIds),
        inArray(profilePosts.socialAccountId, ofTeam),
      ),
    )
    .returning({ id: profilePosts.id });
  return { deletedCount: deleted.length };
}
