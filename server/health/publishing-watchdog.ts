import { and, inArray, isNull, lt, min, or, count } from 'drizzle-orm';
import type { Database } from '../db/client';
import { posts } from '../db/schema/posts';
import { GRACE_MS, SWEEP_INTERVAL_MS } from '../jobs/due-rows';
import type { Logger } from '../logger';

/**
 * A due post gets its job at its time, and the minute sweep catches any that did not; a post
 * still unclaimed past both means publishing has stopped (no worker runs, or the queue is stuck):
 * the "posts stuck in the queue" failure users notice hours later. Past this, it is reported.
 */
export const OVERDUE_AFTER_MS = GRACE_MS + SWEEP_INTERVAL_MS;
const CHECK_EVERY_MS = 60_000;

export type OverduePosts = { count: number; oldestDueAt: Date | null };

/** Posts due for longer than OVERDUE_AFTER_MS that no publish job holds (over every organization). */
export async function findOverduePosts(db: Database, now = new Date()): Promise<OverduePosts> {
  const before = new Date(now.getTime() - OVERDUE_AFTER_MS);
  const [row] = await db
    .select({ count: count(), oldestDueAt: min(posts.dueAt) })
    .from(posts)
    .where(
      and(
        inArray(posts.status, ['SCHEDULED', 'RETRYING', 'PROCESSING']),
        lt(posts.dueAt, before),
        // A claim that ran out long ago is a crashed worker nobody took over.
        or(isNull(posts.claimedUntil), lt(posts.claimedUntil, before)),
      ),
    );
  return { count: row?.count ?? 0, oldestDueAt: row?.oldestDueAt ?? null };
}

/**
 * In worker processes: checks every minute and says so in the log once when overdue posts appear,
 * and once when they are gone. A monitor, not a scheduler: it never publishes anything itself.
 */
export function startPublishingWatchdog(db: Database, logger: Logger): () => void {
  let reported = false;
  const check = async () => {
    try {
      const overdue = await findOverduePosts(db);
      if (overdue.count > 0 && !reported) {
        logger.warn('publishing watchdog: due posts are not being published', {
          count: overdue.count,
          oldestDueAt: overdue.oldestDueAt?.toISOString(),
          hint: 'Is a worker (ROLE=worker or all) running and reaching the database?',
        });
      } else if (overdue.count === 0 && reported) logger.info('publishing watchdog: overdue posts are being published again');
      reported = overdue.count > 0;
    } catch {
      // The database is away: availability logs that once; the next check tries again.
    }
  };
  const timer = setInterval(() => void check(), CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
