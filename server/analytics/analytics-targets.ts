import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { profilePosts } from '../db/schema/analytics';
import { posts, postTargets } from '../db/schema/posts';
import { socialAccounts } from '../db/schema/social-accounts';
import { getOrganization } from '../organizations/organizations.service';
import { BadRequestError, ForbiddenError, NotFoundError } from '../http/errors';
import { platformOf } from '../platforms/registry';
import type { PostRow, PostTargetRow } from '../posts/post-dto';
import type { SocialAccountRow } from '../accounts/account-record';
import type { AnalyticsPlatform } from './analytics.schemas';

export type ProfilePostRow = typeof profilePosts.$inferSelect;

/** Analytics are a paid-plan feature: a FREE organization gets a clear 403 on every analytics route. */
export async function assertAnalyticsPlan(db: Executor, organizationId: string) {
  const organization = await getOrganization(db, organizationId);
  if (organization.plan === 'FREE') {
    throw new ForbiddenError('Analytics are a paid-plan feature: the FREE plan does not include them. Upgrade to PRO or BUSINESS to use analytics.');
  }
  return organization;
}

export type PostSelector = { postId?: string | null; platformType?: AnalyticsPlatform | null; importedPostId?: string | null };

/** What a post selector points at: the service's post and its target on the platform, or an imported post. */
export type ResolvedPost = {
  post: PostRow | null;
  target: PostTargetRow | null;
  profilePost: ProfilePostRow | null;
};

export async function resolvePost(db: Executor, organizationId: string, selector: PostSelector): Promise<ResolvedPost> {
  if (selector.importedPostId) {
    const [profilePost] = await db
      .select()
      .from(profilePosts)
      .where(
        and(
          eq(profilePosts.organizationId, organizationId),
          eq(profilePosts.id, selector.importedPostId),
          eq(profilePosts.internal, false),
          isNull(profilePosts.deletedAt),
        ),
      );
    if (!profilePost) throw new NotFoundError('Imported post');
    return { post: null, target: null, profilePost };
  }
  const [post] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.organizationId, organizationId), eq(posts.id, selector.postId!), isNull(posts.deletedAt)));
  if (!post) throw new NotFoundError('Post');
  const platform = selector.platformType!;
  const [target] = await db
    .select()
    .from(postTargets)
    .where(and(eq(postTargets.postId, post.id), eq(postTargets.platform, platform)));
  if (!target) throw new NotFoundError(`${platformOf(platform).label} target of this post`);
  const profilePost = await findInternalProfilePost(db, target);
  return { post, target, profilePost };
}

function publishedId(target: PostTargetRow): string | null {
  // Deleted from the platform through `/misc/*`: nothing to read there any more.
  return target.status === 'POSTED' && target.socialAccountId && !target.deletedAt ? (target.externalData?.id ?? null) : null;
}

async function findInternalProfilePost(db: Executor, target: PostTargetRow): Promise<ProfilePostRow | null> {
  const externalId = publishedId(target);
  if (!externalId) return null;
  const [row] = await db
    .select()
    .from(profilePosts)
    .where(and(eq(profilePosts.socialAccountId, target.socialAccountId!), eq(profilePosts.externalId, externalId)));
  return row ?? null;
}

/**
 * The profile post of a published target, created on first need: analytics of the service's own
 * posts hang off the same record imported posts use.
 */
export async function ensureProfilePost(db: Executor, post: PostRow, target: PostTargetRow): Promise<ProfilePostRow> {
  const externalId = publishedId(target);
  if (!externalId) {
    throw new BadRequestError(`The post is not published on ${platformOf(target.platform).label} yet: analytics exist once it is`);
  }
  const existing = await findInternalProfilePost(db, target);
  if (existing) return existing;
  const text = post.data[target.platform]?.text;
  await db
    .insert(profilePosts)
    .values({
      organizationId: post.organizationId,
      socialAccountId: target.socialAccountId!,
      postId: post.id,
      platform: target.platform,
      externalId,
      title: post.title,
      description: typeof text === 'string' ? text : null,
      thumbnail: target.externalData?.thumbnail ?? null,
      permalink: target.externalData?.permalink ?? null,
      subreddit: target.externalData?.subreddit_name ?? null,
      publishedAt: target.publishedAt ?? post.postedDate,
      type: target.platform === 'YOUTUBE' || target.platform === 'TIKTOK' ? 'VIDEO' : 'POST',
      internal: true,
    })
    .onConflictDoNothing();
  return (await findInternalProfilePost(db, target))!;
}

/** The live account a profile post belongs to; a removed account has no analytics to refresh. */
export async function accountOfProfilePost(db: Executor, profilePost: ProfilePostRow): Promise<SocialAccountRow> {
  const [account] = await db
    .select()
    .from(socialAccounts)
    .where(
      and(eq(socialAccounts.id, profilePost.socialAccountId), eq(socialAccounts.organizationId, profilePost.organizationId), isNull(socialAccounts.deletedAt)),
    );
  if (!account) throw new NotFoundError('Social account of this post');
  return account;
}
