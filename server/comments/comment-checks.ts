import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { getAccountById } from '../accounts/accounts.service';
import type { SocialAccountRow } from '../accounts/account-record';
import type { Executor } from '../db/client';
import { comments, commentTargets, fetchedComments } from '../db/schema/comments';
import { posts, postTargets } from '../db/schema/posts';
import { BadRequestError, NotFoundError, type Issue } from '../http/errors';
import { platformOf } from '../platforms/registry';
import type { CreateCommentBody } from './comments.schemas';
import { COMMENT_PLATFORMS, type CommentPlatform } from './shared/comment-statuses';

type Input = z.infer<typeof CreateCommentBody>;

/** Longest comment text per platform where the platform is stricter than the general 10,000. */
const TEXT_LIMITS: Partial<Record<CommentPlatform, number>> = { TIKTOK: 1_200 };

export type CheckedComment = {
  platforms: CommentPlatform[];
  data: Record<string, { text: string }>;
  title: string;
  accounts: Map<CommentPlatform, SocialAccountRow>;
};

/**
 * Everything a comment needs before it is stored: a live target post of the team, published on
 * each platform; a parent (when replying) on those platforms; a text per platform within its
 * limit; and the account that published the post on each platform.
 */
export async function checkComment(db: Executor, organizationId: string, input: Input): Promise<CheckedComment> {
  if ((input.internalPostId ? 1 : 0) + (input.importedPostId ? 1 : 0) !== 1) {
    throw new BadRequestError('Give exactly one of internalPostId and importedPostId', [
      { code: 'custom', path: ['internalPostId'], message: 'Give exactly one of internalPostId and importedPostId' },
    ]);
  }
  if (input.internalParentCommentId && input.fetchedParentCommentId) {
    throw new BadRequestError('Reply to one parent: internalParentCommentId or fetchedParentCommentId', [
      { code: 'custom', path: ['fetchedParentCommentId'], message: 'Reply to one parent only' },
    ]);
  }
  // Imported posts (history import) have no table yet: no such post exists.
  if (input.importedPostId) throw new NotFoundError('Imported post');
  const [post] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.organizationId, organizationId), eq(posts.teamId, input.teamId), eq(posts.id, input.internalPostId!)));
  if (!post || post.status === 'DELETED' || post.deletedAt) throw new NotFoundError('Post');

  const fetchedParent = input.fetchedParentCommentId
    ? (
        await db
          .select()
          .from(fetchedComments)
          .where(
            and(
              eq(fetchedComments.organizationId, organizationId),
              eq(fetchedComments.teamId, input.teamId),
              eq(fetchedComments.id, input.fetchedParentCommentId),
            ),
          )
      )[0]
    : undefined;
  if (input.fetchedParentCommentId && (!fetchedParent || fetchedParent.deletedAt)) throw new NotFoundError('Fetched comment');
  if (fetchedParent && fetchedParent.postId !== post.id) throw new BadRequestError('The fetched comment belongs to another post');

  const internalParent = input.internalParentCommentId
    ? (
        await db
          .select()
          .from(comments)
          .where(and(eq(comments.organizationId, organizationId), eq(comments.teamId, input.teamId), eq(comments.id, input.internalParentCommentId)))
      )[0]
    : undefined;
  if (input.internalParentCommentId && (!internalParent || internalParent.status === 'DELETED')) throw new NotFoundError('Comment');
  if (internalParent && internalParent.internalPostId !== post.id) throw new BadRequestError('The parent comment belongs to another post');

  const platforms = (input.socialAccountTypes ??
    (fetchedParent
      ? [fetchedParent.platform]
      : input.data && Object.keys(input.data).length > 0
        ? Object.keys(input.data)
        : post.platforms.filter((platform) => (COMMENT_PLATFORMS as readonly string[]).includes(platform)))) as string[];
  if (platforms.length === 0) {
    throw new BadRequestError(`This post has no platform where comments can be created (supported: ${COMMENT_PLATFORMS.join(', ')})`, [
      { code: 'custom', path: ['socialAccountTypes'], message: 'No platform to comment on' },
    ]);
  }
  const issues: Issue[] = [];
  const unsupported = platforms.filter((platform) => !(COMMENT_PLATFORMS as readonly string[]).includes(platform));
  for (const platform of unsupported) {
    issues.push({
      code: 'custom',
      path: ['socialAccountTypes', platforms.indexOf(platform)],
      message: `Comments cannot be created on ${platformOf(platform).label} through this endpoint (supported: ${COMMENT_PLATFORMS.join(', ')})`,
    });
  }
  for (const platform of Object.keys(input.data ?? {})) {
    if (!platforms.includes(platform)) issues.push({ code: 'custom', path: ['data', platform], message: `${platform} is not in socialAccountTypes` });
  }
  if (issues.length) throw new BadRequestError(issues[0]!.message, issues);

  const data: Record<string, { text: string }> = {};
  for (const platform of platforms as CommentPlatform[]) {
    const text = (input.data?.[platform]?.text ?? input.text ?? '').trim();
    const limit = TEXT_LIMITS[platform] ?? 10_000;
    if (!text) issues.push({ code: 'custom', path: ['data', platform, 'text'], message: `A text for ${platform} is required (data.${platform}.text or text)` });
    else if (text.length > limit) {
      issues.push({
        code: 'too_big',
        path: ['data', platform, 'text'],
        message: `${platformOf(platform).label} comments are at most ${limit} characters (this one has ${text.length})`,
      });
    }
    data[platform] = { text };
  }
  if (issues.length) throw new BadRequestError(issues[0]!.message, issues);

  const targets = await db.select().from(postTargets).where(eq(postTargets.postId, post.id));
  const accounts = new Map<CommentPlatform, SocialAccountRow>();
  for (const platform of platforms as CommentPlatform[]) {
    const label = platformOf(platform).label;
    const target = targets.find((candidate) => candidate.platform === platform);
    if (!target) throw new BadRequestError(`The post was not published on ${label}: it has no ${platform} in its platforms`);
    if (target.status !== 'POSTED' || !target.externalData?.id) {
      throw new BadRequestError(`The post is not published on ${label} yet (its ${platform} status is ${target.status}); comment once it is published`);
    }
    if (target.deletedAt) throw new BadRequestError(`The post was deleted from ${label}; there is nothing to comment on there`);
    if (fetchedParent && fetchedParent.platform !== platform) throw new BadRequestError(`The fetched comment is on ${fetchedParent.platform}, not ${platform}`);
    if (internalParent) {
      const [parentTarget] = await db
        .select()
        .from(commentTargets)
        .where(and(eq(commentTargets.commentId, internalParent.id), eq(commentTargets.platform, platform)));
      if (!parentTarget) throw new BadRequestError(`The parent comment is not on ${label}`);
      if (parentTarget.status !== 'POSTED' || !parentTarget.externalData?.id) throw new BadRequestError(`The parent comment is not published on ${label} yet`);
    }
    const account = target.socialAccountId
      ? await getAccountById(db, { organizationId, id: target.socialAccountId }).catch((error) => {
          if (error instanceof NotFoundError) return null;
          throw error;
        })
      : null;
    if (!account) throw new BadRequestError(`The ${label} account that published the post is no longer connected`);
    accounts.set(platform, account);
  }
  const firstText = Object.values(data)[0]?.text ?? 'Comment';
  const title = input.title ?? (firstText.length > 60 ? `${firstText.slice(0, 57)}...` : firstText);
  return { platforms: platforms as CommentPlatform[], data, title, accounts };
}
