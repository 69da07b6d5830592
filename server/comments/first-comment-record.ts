import type { Executor } from '../db/client';
import { comments, commentTargets } from '../db/schema/comments';
import type { PostPlatform } from '../platforms/platform-types';
import { recordCommentPublished } from './comment-publishing.service';

/**
 * A post's first comment, once the worker published it, as a comment record like any other:
 * listed by `GET /comment`, repliable, and announced with `comment.published`. It is part of its
 * post, so it counts toward no comment quota (decision 021).
 */
export async function recordFirstComment(
  tx: Executor,
  input: {
    organizationId: string;
    teamId: string;
    postId: string;
    platform: PostPlatform;
    socialAccountId: string;
    text: string;
    externalData: Record<string, string>;
  },
): Promise<void> {
  const now = new Date();
  const [row] = await tx
    .insert(comments)
    .values({
      organizationId: input.organizationId,
      teamId: input.teamId,
      internalPostId: input.postId,
      title: input.text.length > 60 ? `${input.text.slice(0, 57)}...` : input.text,
      status: 'POSTED',
      source: 'FIRST_COMMENT',
      postDate: now,
      postedDate: now,
      platforms: [input.platform],
      data: { [input.platform]: { text: input.text } },
    })
    .returning();
  const [target] = await tx
    .insert(commentTargets)
    .values({
      commentId: row!.id,
      organizationId: input.organizationId,
      platform: input.platform,
      socialAccountId: input.socialAccountId,
      status: 'POSTED',
      externalData: input.externalData,
      publishedAt: now,
    })
    .returning();
  await recordCommentPublished(tx, row!, [target!]);
}
