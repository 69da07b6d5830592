import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { fetchedComments } from '../db/schema/comments';

export type FetchedCommentChange = { type: 'EDITED'; text?: string | null; likeCount?: number; editedAt?: string | null } | { type: 'DELETED'; at: Date };

/**
 * A stored (fetched) comment follows what happened to it on the platform: an edit or a like count
 * from a webhook, or an edit or deletion the service made through `/misc/*`. Unknown comments are
 * ignored: the service stores comments of posts it published, not every comment it is told about.
 */
export async function applyFetchedCommentChange(
  tx: Executor,
  key: { socialAccountId: string; externalId: string },
  change: FetchedCommentChange,
): Promise<void> {
  const where = and(eq(fetchedComments.socialAccountId, key.socialAccountId), eq(fetchedComments.externalId, key.externalId));
  const [current] = await tx.select().from(fetchedComments).where(where);
  if (!current) return;
  const now = new Date();
  if (change.type === 'DELETED') {
    if (current.deletedAt) return;
    await tx.update(fetchedComments).set({ deletedAt: change.at, updatedAt: now }).where(where);
    if (current.externalParentId) {
      await tx
        .update(fetchedComments)
        .set({ repliesCount: sql`greatest(${fetchedComments.repliesCount} - 1, 0)` })
        .where(and(eq(fetchedComments.socialAccountId, key.socialAccountId), eq(fetchedComments.externalId, current.externalParentId)));
    }
    return;
  }
  await tx
    .update(fetchedComments)
    .set({
      text: change.text !== undefined ? change.text : current.text,
      likesCount: change.likeCount ?? current.likesCount,
      platformData: { ...current.platformData, editedAt: change.editedAt ?? current.platformData.editedAt ?? null },
      updatedAt: now,
    })
    .where(where);
}
