import { and, asc, eq, gt, isNotNull, isNull, lt, lte, ne, or } from 'drizzle-orm';
import { posts } from '../db/schema/posts';
import type { AppServices } from '../services';
import { publishPostJob } from './publish-post.job';

// A due post normally gets its own job at its time; the sweep leaves it a minute to do so.
const GRACE_MS = 60_000;
const SWEEP_PAGE = 500;
// The sweep's cron runs every minute (sweep-due-posts.job.ts).
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Posts that are due but have no live job, and posts whose worker died mid-publish (their claim
 * runs out), get a publish job. The publish job is idempotent and reconciles through the recorded
 * intent, so an extra one never double-publishes.
 */
export async function sweepDuePosts(services: AppServices): Promise<number> {
  const now = new Date();
  let swept = 0;
  let after = '';
  // Every overdue post in one run, a page at a time (by id): a backlog larger than a page must not
  // wait a minute for the next run per page (1,000 posts falling due at once took half a minute).
  for (;;) {
    const page = await services.db
      .select({ id: posts.id, version: posts.version, claimedUntil: posts.claimedUntil })
      .from(posts)
      .where(
        and(
          gt(posts.id, after),
          or(
            and(ne(posts.status, 'PROCESSING'), lte(posts.dueAt, new Date(now.getTime() - GRACE_MS)), or(isNull(posts.claimedUntil), lt(posts.claimedUntil, now))),
            // Only claims that run out before the next sweep: a live claim is not handed out again every minute.
            and(eq(posts.status, 'PROCESSING'), isNotNull(posts.claimedUntil), lt(posts.claimedUntil, new Date(now.getTime() + SWEEP_INTERVAL_MS))),
          ),
        ),
      )
      .orderBy(asc(posts.id))
      .limit(SWEEP_PAGE);
    for (const post of page) {
      // An interrupted post is taken over when its claim runs out, not before.
      const startAfter = post.claimedUntil && post.claimedUntil > now ? post.claimedUntil : now;
      await services.jobs.send(publishPostJob, { postId: post.id, version: post.version }, { startAfter, singletonKey: `sweep:${post.id}:${post.version}` });
    }
    swept += page.length;
    if (page.length < SWEEP_PAGE) break;
    after = page[page.length - 1]!.id;
  }
  if (swept > 0) services.logger.info('swept due posts', { count: swept });
  return swept;
}
