import { and, eq, gt, inArray, isNotNull, isNull, ne, notExists, sql } from 'drizzle-orm';
import { accountAnalytics, postAnalytics, profilePosts } from '../db/schema/analytics';
import { organizations } from '../db/schema/organizations';
import { posts, postTargets } from '../db/schema/posts';
import { socialAccounts } from '../db/schema/social-accounts';
import { PlatformError } from '../platforms/platform-error';
import type { AppServices } from '../services';
import { ANALYTICS_PLATFORMS } from './analytics.schemas';
import { refreshAccountAnalyticsJob, refreshPostAnalyticsJob } from './analytics.jobs';
import { snapshotAccount, snapshotPost } from './analytics.service';
import { ensureProfilePost } from './analytics-targets';

/** Hours between background refreshes when the organization has not set its own interval. */
export const DEFAULT_ANALYTICS_INTERVAL_HOURS = 24;
/** Posts older than this stop being refreshed in the background: their numbers have settled. */
export const POST_REFRESH_MAX_AGE_DAYS = 90;
const SWEEP_BATCH = 500;
/** X bills every analytics read from prepaid credits (spec): never read it unasked in the background. */
const BACKGROUND_PLATFORMS = ANALYTICS_PLATFORMS.filter((platform) => platform !== 'TWITTER');

const hoursAgo = (hours: unknown) => sql`now() - make_interval(hours => ${hours})`;

/**
 * Finds what is due and sends one refresh job each (a singleton per target and interval slot, so
 * overlapping sweeps do not double the work). Only paid organizations, only what is not disabled.
 */
export async function sweepDueAnalytics(services: AppServices): Promise<{ accounts: number; posts: number }> {
  const { db } = services;
  const paid = ne(organizations.plan, 'FREE');
  const dueAccounts = await db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .innerJoin(organizations, eq(organizations.id, socialAccounts.organizationId))
    .where(
      and(
        paid,
        eq(organizations.analyticsDisabled, false),
        isNull(socialAccounts.deletedAt),
        inArray(socialAccounts.type, BACKGROUND_PLATFORMS),
        notExists(
          db
            .select({ one: sql`1` })
            .from(accountAnalytics)
            .where(
              and(
                eq(accountAnalytics.socialAccountId, socialAccounts.id),
                gt(accountAnalytics.createdAt, hoursAgo(sql`coalesce(${organizations.analyticsInterval}, ${DEFAULT_ANALYTICS_INTERVAL_HOURS})`)),
              ),
            ),
        ),
      ),
    )
    .limit(SWEEP_BATCH);
  const duePosts = await db
    .select({ id: postTargets.id })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .innerJoin(organizations, eq(organizations.id, postTargets.organizationId))
    // A disconnected (soft-deleted) account can no longer be read: its posts leave the sweep.
    .innerJoin(socialAccounts, and(eq(socialAccounts.id, postTargets.socialAccountId), isNull(socialAccounts.deletedAt)))
    .where(
      and(
        paid,
        eq(organizations.analyticsPostsDisabled, false),
        eq(postTargets.status, 'POSTED'),
        isNotNull(postTargets.socialAccountId),
        isNull(posts.deletedAt),
        isNull(postTargets.deletedAt),
        inArray(postTargets.platform, BACKGROUND_PLATFORMS),
        gt(postTargets.publishedAt, sql`now() - make_interval(days => ${POST_REFRESH_MAX_AGE_DAYS})`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(postAnalytics)
            .innerJoin(profilePosts, eq(profilePosts.id, postAnalytics.profilePostId))
            .where(
              and(
                eq(profilePosts.socialAccountId, postTargets.socialAccountId),
                eq(profilePosts.externalId, sql`${postTargets.externalData}->>'id'`),
                gt(postAnalytics.createdAt, hoursAgo(sql`coalesce(${organizations.analyticsPostsInterval}, ${DEFAULT_ANALYTICS_INTERVAL_HOURS})`)),
              ),
            ),
        ),
      ),
    )
    .limit(SWEEP_BATCH);
  // Imported posts (post history import) join for their first 90 days after import; imported X posts never do.
  const dueImported = await db
    .select({ id: profilePosts.id })
    .from(profilePosts)
    .innerJoin(organizations, eq(organizations.id, profilePosts.organizationId))
    .innerJoin(socialAccounts, and(eq(socialAccounts.id, profilePosts.socialAccountId), isNull(socialAccounts.deletedAt)))
    .where(
      and(
        paid,
        eq(organizations.analyticsPostsDisabled, false),
        eq(profilePosts.internal, false),
        isNull(profilePosts.deletedAt),
        isNull(profilePosts.externallyDeletedAt),
        inArray(profilePosts.platform, BACKGROUND_PLATFORMS),
        gt(profilePosts.importedAt, sql`now() - make_interval(days => ${POST_REFRESH_MAX_AGE_DAYS})`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(postAnalytics)
            .where(
              and(
                eq(postAnalytics.profilePostId, profilePosts.id),
                gt(postAnalytics.createdAt, hoursAgo(sql`coalesce(${organizations.analyticsPostsInterval}, ${DEFAULT_ANALYTICS_INTERVAL_HOURS})`)),
              ),
            ),
        ),
      ),
    )
    .limit(SWEEP_BATCH);
  const slot = new Date().toISOString().slice(0, 13);
  for (const { id } of dueAccounts)
    await services.jobs.send(refreshAccountAnalyticsJob, { socialAccountId: id }, { singletonKey: `analytics:account:${id}:${slot}` });
  for (const { id } of duePosts) await services.jobs.send(refreshPostAnalyticsJob, { postTargetId: id }, { singletonKey: `analytics:post:${id}:${slot}` });
  for (const { id } of dueImported)
    await services.jobs.send(refreshPostAnalyticsJob, { profilePostId: id }, { singletonKey: `analytics:imported:${id}:${slot}` });
  return { accounts: dueAccounts.length, posts: duePosts.length + dueImported.length };
}

/** A platform refusal (revoked access, removed post) is final for this round; transient trouble retries the job. */
async function tolerateRefusal(services: AppServices, what: string, work: () => Promise<unknown>) {
  try {
    await work();
  } catch (error) {
    if (error instanceof PlatformError && !error.isTransient) {
      services.logger.info('analytics refresh refused', { what, code: error.code, message: error.message });
      return;
    }
    throw error;
  }
}

/**
 * What the sweep checks, checked again when a job runs: first snapshots are sent right after a
 * connection or a publish without asking (decision 084), and settings may change while one waits.
 */
async function backgroundAllowed(services: AppServices, organizationId: string, platform: string, what: 'accounts' | 'posts'): Promise<boolean> {
  if (!(BACKGROUND_PLATFORMS as readonly string[]).includes(platform)) return false;
  const [organization] = await services.db
    .select({ plan: organizations.plan, analyticsDisabled: organizations.analyticsDisabled, analyticsPostsDisabled: organizations.analyticsPostsDisabled })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!organization || organization.plan === 'FREE') return false;
  return what === 'accounts' ? !organization.analyticsDisabled : !organization.analyticsPostsDisabled;
}

export async function refreshAccountInBackground(services: AppServices, socialAccountId: string) {
  const [account] = await services.db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.id, socialAccountId), isNull(socialAccounts.deletedAt)));
  if (!account || !(await backgroundAllowed(services, account.organizationId, account.type, 'accounts'))) return;
  await tolerateRefusal(services, `account ${socialAccountId}`, () => snapshotAccount(services, account, false));
}

/** Posts published through the service; imported posts (issue 11) join here, except imported X posts, which never refresh in the background. */
export async function refreshPostInBackground(services: AppServices, postTargetId: string) {
  const [row] = await services.db
    .select({ target: postTargets, post: posts })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .where(and(eq(postTargets.id, postTargetId), eq(postTargets.status, 'POSTED'), isNull(posts.deletedAt)));
  if (!row || !(await backgroundAllowed(services, row.post.organizationId, row.target.platform, 'posts'))) return;
  const profilePost = await ensureProfilePost(services.db, row.post, row.target);
  await tolerateRefusal(services, `post target ${postTargetId}`, () => snapshotPost(services, profilePost, false));
}

/** An imported post (post history import); never an X one (the sweep leaves them out, and so does this). */
export async function refreshImportedPostInBackground(services: AppServices, profilePostId: string) {
  const [profilePost] = await services.db
    .select()
    .from(profilePosts)
    .where(and(eq(profilePosts.id, profilePostId), eq(profilePosts.internal, false), isNull(profilePosts.deletedAt)));
  if (!profilePost || profilePost.platform === 'TWITTER') return;
  await tolerateRefusal(services, `imported post ${profilePostId}`, () => snapshotPost(services, profilePost, false));
}
