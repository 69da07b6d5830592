import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { comments, commentTargets } from '../db/schema/comments';
import type { PostPlatform } from '../platforms/platform-types';

export type PublishedCommentChange = { type: 'EDITED'; text?: string } | { type: 'DELETED'; at: Date };

/**
 * A comment the service published follows what was done to it on the platform through `/misc/*`:
 * an edit becomes its text for that platform; a deletion is stamped on that platform's
 * `externalData` (`deletedAt`), and once no platform still shows the comment, the comment itself
 * is deleted, as `DELETE /comment/{id}` would have done.
 */
export async function applyPublishedCommentChange(
  tx: Executor,
  key: { organizationId: string; socialAccountId: string; platform: PostPlatform; externalId: string },
  change: PublishedCommentChange,
): Promise<void> {
  const now = new Date();
  const matching = and(
    eq(commentTargets.organizationId, key.organizationId),
    eq(commentTargets.socialAccountId, key.socialAccountId),
    eq(commentTargets.platform, key.platform),
    sql`${commentTargets.externalData}->>'id' = ${key.externalId}`,
  );
  if (change.type === 'EDITED') {
    if (change.text === undefined) return;
    const targets = await tx.select({ commentId: commentTargets.commentId }).from(commentTargets).where(matching);
    if (targets.length === 0) return;
    await tx
      .update(comments)
      .set({
        data: sql`jsonb_set(${comments.data}, ${`{${key.platform}}`}::text[], coalesce(${comments.data}->${key.platform}, '{}'::jsonb) || ${JSON.stringify({ text: change.text })}::jsonb)`,
        updatedAt: now,
      })
      .where(
        inArray(
          comments.id,
          targets.map((target) => target.commentId),
        ),
      );
    return;
  }
  const stamped = await tx
    .update(commentTargets)
    .set({
      externalData: sql`coalesce(${commentTargets.externalData}, '{}'::jsonb) || ${JSON.stringify({ deletedAt: change.at.toISOString() })}::jsonb`,
      updatedAt: now,
    })
    .where(and(matching, sql`${commentTargets.externalData}->>'deletedAt' is null`))
    .returning({ commentId: commentTargets.commentId });
  for (const { commentId } of stamped) {
    const stillShown = await tx
      .select({ id: commentTargets.id })
      .from(commentTargets)
      .where(and(eq(commentTargets.commentId, commentId), eq(commentTargets.status, 'POSTED'), sql`${commentTargets.externalData}->>'deletedAt' is null`))
      .limit(1);
    if (stillShown.length > 0) continue;
    await tx
      .update(comments)
      .set({ status: 'DELETED', deletedAt: change.at, version: sql`${comments.version} + 1`, dueAt: null, updatedAt: now })
      .where(and(eq(comments.id, commentId), ne(comments.status, 'DELETED')));
  }
}
