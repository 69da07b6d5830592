import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { forcedAnalyticsRefreshes, profilePosts } from '../db/schema/analytics';
import { socialAccounts } from '../db/schema/social-accounts';
import { RateLimitedError } from '../http/errors';

/** The spec's limit: 6 forced refreshes per social account and 6 per post per rolling 24 hours. */
export const FORCED_REFRESH_LIMIT = { limit: 6, windowMs: 24 * 3_600_000 };

export type ForcedTarget = { kind: 'account'; socialAccountId: string } | { kind: 'post'; profilePostId: string };

const keyOf = (target: ForcedTarget) => (target.kind === 'account' ? `account:${target.socialAccountId}` : `post:${target.profilePostId}`);

/**
 * Counts this forced refresh against the target's rolling window, or refuses with 429 and
 * `Retry-After` (when the oldest use in the window leaves it). The target's row is locked while
 * counting, so concurrent calls cannot all slip under the limit. Returns the reservation's id:
 * the caller releases it when the platform call fails, so a failure does not use up the window.
 */
export async function reserveForcedRefresh(db: Database, organizationId: string, target: ForcedTarget, now = new Date()): Promise<string> {
  const key = keyOf(target);
  return db.transaction(async (tx) => {
    if (target.kind === 'account')
      await tx.select({ id: socialAccounts.id }).from(socialAccounts).where(eq(socialAccounts.id, target.socialAccountId)).for('update');
    else await tx.select({ id: profilePosts.id }).from(profilePosts).where(eq(profilePosts.id, target.profilePostId)).for('update');
    const since = new Date(now.getTime() - FORCED_REFRESH_LIMIT.windowMs);
    const inWindow = and(eq(forcedAnalyticsRefreshes.target, key), gt(forcedAnalyticsRefreshes.createdAt, since));
    const [used] = await tx.select({ value: count() }).from(forcedAnalyticsRefreshes).where(inWindow);
    if ((used?.value ?? 0) >= FORCED_REFRESH_LIMIT.limit) {
      const [oldest] = await tx.select().from(forcedAnalyticsRefreshes).where(inWindow).orderBy(asc(forcedAnalyticsRefreshes.createdAt)).limit(1);
      const freesAt = (oldest?.createdAt.getTime() ?? now.getTime()) + FORCED_REFRESH_LIMIT.windowMs;
      const retryAfter = Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000));
      const what = target.kind === 'account' ? 'social account' : 'post';
      throw new RateLimitedError(
        `Forced analytics refresh is limited to ${FORCED_REFRESH_LIMIT.limit} per ${what} per rolling 24 hours; the next one is possible in ${retryAfter} seconds`,
        retryAfter,
      );
    }
    const [reservation] = await tx
      .insert(forcedAnalyticsRefreshes)
      .values({ organizationId, target: key, createdAt: now })
      .returning({ id: forcedAnalyticsRefreshes.id });
    return reservation!.id;
  });
}

export async function releaseForcedRefresh(db: Database, reservationId: string): Promise<void> {
  await db.delete(forcedAnalyticsRefreshes).where(eq(forcedAnalyticsRefreshes.id, reservationId));
}
