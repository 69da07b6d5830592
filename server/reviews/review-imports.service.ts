import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { requireAccount } from '../accounts/accounts.service';
import type { SocialAccountRow } from '../accounts/account-record';
import { connectorEnv, withCredentials } from '../accounts/credentials';
import type { Executor } from '../db/client';
import { reviewImports } from '../db/schema/reviews';
import { socialAccounts } from '../db/schema/social-accounts';
import { BadRequestError, ConflictError, NotFoundError, QuotaExceededError } from '../http/errors';
import { importRetry } from '../jobs/import-retry';
import { PlatformError } from '../platforms/platform-error';
import { platformOf } from '../platforms/registry';
import type { ReviewsCapability } from '../platforms/reviews';
import type { AppServices } from '../services';
import { getTeam } from '../teams/teams.service';
import type { ReviewImportRow } from './review-dto';
import { reviewCapacity } from './review-quota';
import { importReviewsJob } from './reviews.jobs';
import { upsertReviews } from './review-store';
import type { ReviewPlatform } from './shared/review-constants';

const ACTIVE = ['PENDING', 'FETCHING', 'RATE_LIMITED'] as const;
/** Reviews per platform page (Google's maximum page size is 50). */
const PAGE_SIZE = 50;
/** Transient platform failures a run survives before it is FAILED. */
const MAX_TRANSIENT_ATTEMPTS = 4;
/** Once the full history is known, later runs re-read this much recent history to catch late edits, then stop. */
export const OVERLAP_DAYS = 30;
/** A FETCHING run untouched this long lost its walker (each page touches it): another delivery may take it over. */
const CLAIM_LEASE_MS = 3 * 60_000;
/** Jobs listed per team. */
const LISTED_IMPORTS = 20;

type Scope = { organizationId: string };

/** The team's account of the platform whose reviews are imported; the location or page must be selected. */
export async function reviewAccount(db: Executor, scope: Scope & { teamId: string; platform: ReviewPlatform }): Promise<SocialAccountRow> {
  const account = await requireAccount(db, { organizationId: scope.organizationId, teamId: scope.teamId, type: scope.platform });
  if (!account.selectedChannelId || !account.externalId) {
    throw new BadRequestError(`Select the ${scope.platform === 'FACEBOOK' ? 'page' : 'location'} of the ${platformOf(scope.platform).label} account first`);
  }
  return account;
}

/** Starts an import run; `enqueue: false` leaves running it to the caller (the demo seed runs it at once). */
export async function startReviewImport(
  services: AppServices,
  scope: Scope & { platform: ReviewPlatform },
  input: { teamId: string; count: number },
  options: { enqueue: boolean } = { enqueue: true },
) {
  const { db } = services;
  const account = await reviewAccount(db, { ...scope, teamId: input.teamId });
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`review-import:${account.id}`}))`);
    const [running] = await tx
      .select({ id: reviewImports.id })
      .from(reviewImports)
      .where(and(eq(reviewImports.socialAccountId, account.id), inArray(reviewImports.status, [...ACTIVE])));
    if (running) throw new ConflictError(`An import for this ${platformOf(scope.platform).label} account is already running (${running.id})`);
    const capacity = await reviewCapacity(tx, { organizationId: scope.organizationId, socialAccountId: account.id });
    if (capacity.remaining === 0) {
      throw new QuotaExceededError(`Monthly review import limit reached for this account: ${capacity.limit} new reviews per month (resets on the 1st, UTC)`);
    }
    const [row] = await tx
      .insert(reviewImports)
      .values({
        organizationId: scope.organizationId,
        teamId: input.teamId,
        socialAccountId: account.id,
        platform: scope.platform,
        requestedCount: input.count,
      })
      .returning();
    if (options.enqueue) await services.jobs.send(importReviewsJob, { importId: row!.id }, { executor: tx });
    return row!;
  });
}

export async function listReviewImports(db: Executor, scope: Scope & { teamId: string; platform: ReviewPlatform }) {
  await getTeam(db, { organizationId: scope.organizationId, id: scope.teamId });
  return db
    .select()
    .from(reviewImports)
    .where(
      and(
        eq(reviewImports.organizationId, scope.organizationId),
        eq(reviewImports.teamId, scope.teamId),
        eq(reviewImports.platform, scope.platform),
        isNull(reviewImports.deletedAt),
      ),
    )
    .orderBy(desc(reviewImports.createdAt), desc(reviewImports.id))
    .limit(LISTED_IMPORTS);
}

export async function getReviewImport(db: Executor, scope: Scope & { id: string; platform: ReviewPlatform }) {
  const [row] = await db
    .select()
    .from(reviewImports)
    .where(and(eq(reviewImports.organizationId, scope.organizationId), eq(reviewImports.id, scope.id), eq(reviewImports.platform, scope.platform)));
  if (!row) throw new NotFoundError(scope.platform === 'FACEBOOK' ? 'Recommendation import' : 'Review import');
  return row;
}

/**
 * The import job. Walks the place's reviews newest first, a page per transaction (the page token
 * is saved with the page, so a crash, a retry or a rate limit continues where it stopped): known
 * reviews are refreshed for free, new ones are stored and counted until `requestedCount` (or the
 * month's remaining capacity) is reached or the history ends. When an earlier run already reached
 * the oldest review, the walk stops at the first page that is past the overlap window and brought
 * nothing new: later imports fetch only what is new, plus recent edits.
 */
export async function runReviewImport(services: AppServices, importId: string): Promise<void> {
  const { db } = services;
  // Claim the run: a duplicate delivery (or a second worker) finds it taken and leaves it alone.
  // A FETCHING run whose walker stopped touching it for a lease is a crashed one: it is taken over.
  const [run] = await db
    .update(reviewImports)
    .set({
      status: 'FETCHING',
      startedAt: sql`coalesce(${reviewImports.startedAt}, now())`,
      attempts: sql`${reviewImports.attempts} + 1`,
      rateLimitResetAt: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(reviewImports.id, importId),
        or(
          inArray(reviewImports.status, ['PENDING', 'RATE_LIMITED']),
          and(eq(reviewImports.status, 'FETCHING'), lt(reviewImports.updatedAt, new Date(Date.now() - CLAIM_LEASE_MS))),
        ),
      ),
    )
    .returning();
  if (!run) return;
  const set = (changes: Partial<ReviewImportRow>) =>
    db
      .update(reviewImports)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(reviewImports.id, run.id));
  try {
    await walk(services, { ...run, attempts: run.attempts - 1 });
  } catch (error) {
    if (error instanceof PlatformError) return handlePlatformError(services, { ...run, attempts: run.attempts - 1 }, error);
    // Unexpected: the queue retries (the run is PENDING again for it); after the last attempt the
    // job's `afterLastAttempt` hook marks it FAILED (failReviewImportAfterRetries).
    await set({ status: 'PENDING', error: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}

/** The import job's last attempt threw: the run must not stay PENDING or FETCHING. */
export async function failReviewImportAfterRetries(db: Executor, importId: string, error: unknown): Promise<void> {
  await db
    .update(reviewImports)
    .set({ status: 'FAILED', error: error instanceof Error ? error.message : String(error), completedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(reviewImports.id, importId), inArray(reviewImports.status, ['PENDING', 'FETCHING', 'RATE_LIMITED'])));
}

async function walk(services: AppServices, run: ReviewImportRow) {
  const { db } = services;
  const [account] = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.id, run.socialAccountId), isNull(socialAccounts.deletedAt)));
  if (!account?.externalId) {
    await db
      .update(reviewImports)
      .set({ status: 'FAILED', error: 'The account was disconnected', completedAt: new Date(), updatedAt: new Date() })
      .where(eq(reviewImports.id, run.id));
    return;
  }
  const [historyKnown] = await db
    .select({ id: reviewImports.id })
    .from(reviewImports)
    .where(and(eq(reviewImports.socialAccountId, run.socialAccountId), eq(reviewImports.reachedEnd, true)));
  const overlapStart = Date.now() - OVERLAP_DAYS * 86_400_000;
  let state = { pageToken: run.pageToken, imported: run.itemsImported, refreshed: run.itemsRefreshed };
  // Short of `count` only because of the monthly cap: said in `error`, so "fewer than count" is not read as the end of history.
  const stopNote = (limit: number) => (state.imported < run.requestedCount ? `Stopped at the monthly import limit (${limit} new reviews per account)` : null);
  for (;;) {
    const capacity = await reviewCapacity(db, { organizationId: run.organizationId, socialAccountId: run.socialAccountId });
    const wanted = Math.min(run.requestedCount - state.imported, capacity.remaining);
    if (wanted <= 0) return finish(db, run, state, { reachedEnd: false, note: stopNote(capacity.limit) });
    const page = await withCredentials(services, account, (connector, credentials) =>
      reviewsOf(connector.reviews, run.platform).list(
        connectorEnv(services),
        credentials,
        { externalId: account.externalId! },
        { pageToken: state.pageToken, pageSize: PAGE_SIZE },
      ),
    );
    const outcome = await db.transaction(async (tx) => {
      const stored = await upsertReviews(
        tx,
        { organizationId: run.organizationId, teamId: run.teamId, socialAccountId: run.socialAccountId, platform: run.platform },
        page.reviews,
        { countNew: wanted },
      );
      const next = { pageToken: page.nextPageToken, imported: state.imported + stored.created.length, refreshed: state.refreshed + stored.refreshed };
      await tx
        .update(reviewImports)
        .set({ pageToken: next.pageToken, itemsImported: next.imported, itemsRefreshed: next.refreshed, updatedAt: new Date() })
        .where(eq(reviewImports.id, run.id));
      return { next, newOnPage: stored.created.length, stoppedInPage: stored.stoppedAt !== null };
    });
    state = outcome.next;
    const oldest = page.reviews.at(-1);
    const pastOverlap = !oldest || oldest.createTime.getTime() < overlapStart;
    if (outcome.stoppedInPage) return finish(db, run, state, { reachedEnd: false, note: stopNote(capacity.limit) });
    if (!page.nextPageToken) return finish(db, run, state, { reachedEnd: true, note: null });
    if (historyKnown && pastOverlap && outcome.newOnPage === 0) return finish(db, run, state, { reachedEnd: false, note: null });
  }
}

function reviewsOf(capability: ReviewsCapability | null, platform: ReviewPlatform): ReviewsCapability {
  if (!capability)
    throw new PlatformError({ code: 'PERMANENT', message: `${platform} has no reviews`, httpStatus: 501, meta: { platform, operation: 'reviews.list' } });
  return capability;
}

async function finish(
  db: Executor,
  run: ReviewImportRow,
  state: { imported: number; refreshed: number },
  outcome: { reachedEnd: boolean; note: string | null },
) {
  await db
    .update(reviewImports)
    .set({
      status: 'COMPLETED',
      itemsImported: state.imported,
      itemsRefreshed: state.refreshed,
      reachedEnd: outcome.reachedEnd,
      pageToken: null,
      error: outcome.note,
      rateLimitResetAt: null,
      completedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(reviewImports.id, run.id));
}

async function handlePlatformError(services: AppServices, run: ReviewImportRow, error: PlatformError) {
  const { db } = services;
  const next = importRetry(error, run.attempts, MAX_TRANSIENT_ATTEMPTS, services.config.IMPORT_RETRY_BASE_SECONDS);
  if (next.kind === 'FAIL') {
    await db
      .update(reviewImports)
      .set({ status: 'FAILED', error: error.message, completedAt: new Date(), updatedAt: new Date() })
      .where(eq(reviewImports.id, run.id));
    return;
  }
  // The run continues by itself from its saved page: after the rate limit's reset, or after a backoff.
  const changes = next.kind === 'RATE_LIMITED' ? { status: 'RATE_LIMITED' as const, rateLimitResetAt: next.at } : { status: 'PENDING' as const };
  await db.transaction(async (tx) => {
    await tx
      .update(reviewImports)
      .set({ ...changes, error: error.message, updatedAt: new Date() })
      .where(eq(reviewImports.id, run.id));
    await services.jobs.send(importReviewsJob, { importId: run.id }, { executor: tx, startAfter: next.at });
  });
}
