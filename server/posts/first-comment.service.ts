import { and, eq } from 'drizzle-orm';
import { getAccountById } from '../accounts/accounts.service';
import { connectorEnv, withCredentials } from '../accounts/credentials';
import { posts, postTargets } from '../db/schema/posts';
import { PlatformError } from '../platforms/platform-error';
import type { AppServices } from '../services';
import { recordFirstComment } from '../comments/first-comment-record';

/**
 * Posts the first comment under a published item. The intent key lets the platform (the sandbox)
 * return the comment an earlier attempt made instead of adding a second. A refused comment leaves
 * the post POSTED with the reason in `errors`.
 */
export async function postFirstComment(services: AppServices, targetId: string): Promise<void> {
  const { db } = services;
  const [target] = await db.select().from(postTargets).where(eq(postTargets.id, targetId));
  if (!target || target.status !== 'POSTED' || target.firstCommentStatus !== 'PENDING' || !target.socialAccountId) return;
  const [post] = await db.select().from(posts).where(eq(posts.id, target.postId));
  const text = post?.firstComment?.[target.platform];
  if (!post || !text) return;
  const account = await getAccountById(db, { organizationId: post.organizationId, id: target.socialAccountId });
  try {
    const comment = await withCredentials(services, account, async (connector, credentials) => {
      const publishing = connector.publishing;
      if (!publishing) throw new Error(`no publishing capability for ${target.platform}`);
      return publishing.comment(
        connectorEnv(services),
        credentials,
        { externalId: account.externalId, selectedChannelId: account.selectedChannelId },
        { externalData: target.externalData ?? {}, text, intentKey: `${target.id}:first-comment`, firstComment: true },
      );
    });
    await db.transaction(async (tx) => {
      // Only the run that moves it out of PENDING records it: two overlapping runs (a retried job)
      // get the same comment from the platform, and must not store or announce it twice.
      const [settled] = await tx
        .update(postTargets)
        .set({
          firstCommentStatus: 'POSTED',
          externalData: { ...(target.externalData ?? {}), firstCommentId: comment.id },
          updatedAt: new Date(),
        })
        .where(and(eq(postTargets.id, target.id), eq(postTargets.firstCommentStatus, 'PENDING')))
        .returning({ id: postTargets.id });
      if (!settled) return;
      await recordFirstComment(tx, {
        organizationId: post.organizationId,
        teamId: post.teamId,
        postId: post.id,
        platform: target.platform,
        socialAccountId: account.id,
        text,
        externalData: { id: comment.id, ...(comment.permalink ? { permalink: comment.permalink } : {}) },
      });
    });
  } catch (error) {
    // Transient trouble: the job retries. A refusal is final and shown on the post.
    if (error instanceof PlatformError && !error.isTransient) {
      await db
        .update(postTargets)
        .set({ firstCommentStatus: 'ERROR', error: `First comment failed: ${error.message}`, updatedAt: new Date() })
        .where(eq(postTargets.id, target.id));
      return;
    }
    throw error;
  }
}
