import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, or } from 'drizzle-orm';
import type { comments } from '../db/schema/comments';
import type { posts } from '../db/schema/posts';
import type { AppServices } from '../services';

// A due row normally gets its own job at its time; the sweep leaves it a minute to do so.
export const GRACE_MS = 60_000;
const SWEEP_PAGE = 500;
// The sweeps' crons run every minute.
export const SWEEP_INTERVAL_MS = 60_000;

/** Scheduled things published by a claimed job: posts and comments share these columns and this lifecycle. */
type DueTable = typeof posts | typeof comments;
export type DueRow = { id: string; version: number; claimedUntil: Date | null };

/**
 * Rows that are due but have no live job, and rows whose worker died mid-publish (their claim
 * runs out), get `send` called: it queues the publish job, which is idempotent and reconciles
 * through the recorded intent, so an extra one never publishes twice. Returns how many were sent.
 */
export async function sweepDueRows(services: AppServices, table: DueTable, send: (row: DueRow, startAfter: Date) => Promise<unknown>): Promise<number> {
  const now = new Date();
  let swept = 0;
  let after = '';
  // Every overdue row in one run, a page at a time (by id): a backlog larger than a page must not
  // wait a minute for the next run per page (1,000 posts falling due at once took half a minute).
  for (;;) {
    const page: DueRow[] = await services.db
      .select({ id: table.id, version: table.version, claimedUntil: table.claimedUntil })
      .from(table)
      .where(
        and(
          gt(table.id, after),
          or(
            and(
              ne(table.status, 'PROCESSING'),
              lte(table.dueAt, new Date(now.getTime() - GRACE_MS)),
              or(isNull(table.claimedUntil), lt(table.claimedUntil, now)),
            ),
            // Only claims that run out before the next sweep: a live claim is not handed out again every minute.
            and(eq(table.status, 'PROCESSING'), isNotNull(table.claimedUntil), lt(table.claimedUntil, new Date(now.getTime() + SWEEP_INTERVAL_MS))),
          ),
        ),
      )
      .orderBy(asc(table.id))
      .limit(SWEEP_PAGE);
    for (const row of page) {
      // An interrupted row is taken over when its claim runs out, not before.
      await send(row, row.claimedUntil && row.claimedUntil > now ? row.claimedUntil : now);
    }
    swept += page.length;
    if (page.length < SWEEP_PAGE) break;
    after = page[page.length - 1]!.id;
  }
  return swept;
}

/**
 * Takes the row for this job, or answers null: gone, edited since (another version), already
 * handled, or another live job has it. One conditional UPDATE: Postgres re-checks its WHERE on the
 * locked row, so of two jobs racing for a row exactly one gets it, without a transaction round trip.
 */
export async function claimDueRow<T extends DueTable>(
  services: AppServices,
  table: T,
  job: { id: string; version: number; jobId: string },
): Promise<T['$inferSelect'] | null> {
  // Posts and comments have the same claim columns; the row comes back as the table's own type.
  const rows = table as unknown as typeof posts;
  const now = new Date();
  const [claimed] = await services.db
    .update(rows)
    .set({ status: 'PROCESSING', claimedBy: job.jobId, claimedUntil: new Date(now.getTime() + services.config.PUBLISH_CLAIM_SECONDS * 1000), updatedAt: now })
    .where(
      and(
        eq(rows.id, job.id),
        eq(rows.version, job.version),
        inArray(rows.status, ['SCHEDULED', 'RETRYING', 'PROCESSING']),
        lte(rows.postDate, now),
        or(isNull(rows.claimedBy), eq(rows.claimedBy, job.jobId), isNull(rows.claimedUntil), lte(rows.claimedUntil, now)),
      ),
    )
    .returning();
  return (claimed as T['$inferSelect'] | undefined) ?? null;
}
