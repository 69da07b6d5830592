import { and, eq, isNotNull, isNull, lt, lte, ne, or } from 'drizzle-orm';
import { z } from 'zod';
import { posts } from '../db/schema/posts';
import { defineJob } from '../jobs/define-job';
import type { AppServices } from '../services';
import { publishPostJob } from './publish-post.job';

// A due post normally gets its own job at its time; the sweep leaves it a minute to do so.
const GRACE_MS = 60_000;

/**
 * Safety net, every minute and at every worker start: posts that are due but have no live job, and
 * posts whose worker died mid-publish (their claim runs out), get a publish job. The publish job is
 * idempotent and reconciles through the recorded intent, so an extra one never double-publishes.
 */
export const sweepDuePostsJob = defineJob({
  name: 'sweep-due-posts',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
  retryLimit: 1,
  async handle(_payload, { services }) {
    await sweepDuePosts(services);
  },
});

export async function sweepDuePosts(services: AppServices): Promise<number> {
  const now = new Date();
  const overdue = await services.db
    .select({ id: posts.id, version: posts.version, claimedUntil: posts.claimedUntil })
    .from(posts)
    .where(
      or(
        and(ne(posts.status, 'PROCESSING'), lte(posts.dueAt, new Date(now.getTime() - GRACE_MS)), or(isNull(posts.claimedUntil), lt(posts.claimedUntil, now))),
        and(eq(posts.status, 'PROCESSING'), isNotNull(posts.claimedUntil)),
      ),
    )
    .limit(500);
  for (const post of overdue) {
    // An interrupted post is taken over when its claim runs out, not before.
    const startAfter = post.claimedUntil && post.claimedUntil > now ? post.claimedUntil : now;
    await services.jobs.send(publishPostJob, { postId: post.id, version: post.version }, { startAfter, singletonKey: `sweep:${post.id}:${post.version}` });
  }
  if (overdue.length > 0) services.logger.info('swept due posts', { count: overdue.length });
  return overdue.length;
}
