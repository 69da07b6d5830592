import { and, eq, sql } from 'drizzle-orm';
import { applyFetchedCommentChange } from '../comments/fetched-comment-changes';
import { applyPublishedCommentChange } from '../comments/published-comment-changes';
import type { Executor } from '../db/client';
import { posts, postTargets } from '../db/schema/posts';
import type { PostPlatform } from '../platforms/platform-types';

/** Something the service changed on a platform through `/misc/*`, after the platform confirmed it. */
export type PlatformItemChange = {
  organizationId: string;
  teamId: string;
  socialAccountId: string;
  platform: PostPlatform;
  kind: 'POST' | 'COMMENT';
  /** The item's id on the platform. */
  externalId: string;
  change: { type: 'EDITED'; text?: string; data?: Record<string, unknown> } | { type: 'DELETED' };
  at: Date;
};

/**
 * The one place our own records follow a change made on the platform, inside the caller's
 * transaction. Posts: a deleted publication marks its post target (`deletedAt`, shown on the
 * post's `socialAccounts[].deletedAt`); an edit merges the new text into `data.<PLATFORM>`.
 * Comments: the comment record the service published follows (its text, or its deletion), and so
 * does the stored (fetched) comment, as it does for the platform's own webhooks.
 */
export async function platformItemChanged(tx: Executor, change: PlatformItemChange): Promise<void> {
  if (change.kind === 'POST') return postChanged(tx, change);
  const key = { socialAccountId: change.socialAccountId, externalId: change.externalId };
  const published = { ...key, organizationId: change.organizationId, platform: change.platform };
  if (change.change.type === 'DELETED') {
    await applyPublishedCommentChange(tx, published, { type: 'DELETED', at: change.at });
    return applyFetchedCommentChange(tx, key, { type: 'DELETED', at: change.at });
  }
  await applyPublishedCommentChange(tx, published, { type: 'EDITED', text: change.change.text });
  return applyFetchedCommentChange(tx, key, { type: 'EDITED', text: change.change.text, editedAt: change.at.toISOString() });
}

async function postChanged(tx: Executor, change: PlatformItemChange) {
  const target = and(
    eq(postTargets.organizationId, change.organizationId),
    eq(postTargets.platform, change.platform),
    eq(postTargets.socialAccountId, change.socialAccountId),
    sql`${postTargets.externalData}->>'id' = ${change.externalId}`,
  );
  if (change.change.type === 'DELETED') {
    await tx.update(postTargets).set({ deletedAt: change.at, updatedAt: change.at }).where(target);
    return;
  }
  const edited = change.change.data;
  if (!edited || Object.keys(edited).length === 0) return;
  const rows = await tx.select({ postId: postTargets.postId }).from(postTargets).where(target);
  for (const row of rows) {
    // jsonb `||` merges the edited fields into the platform's options, leaving the others as published.
    await tx
      .update(posts)
      .set({
        data: sql`jsonb_set(${posts.data}, ${`{${change.platform}}`}::text[], coalesce(${posts.data}->${change.platform}, '{}'::jsonb) || ${JSON.stringify(edited)}::jsonb)`,
        updatedAt: change.at,
      })
      .where(and(eq(posts.id, row.postId), eq(posts.organizationId, change.organizationId)));
    await tx
      .update(postTargets)
      .set({ updatedAt: change.at })
      .where(and(eq(postTargets.postId, row.postId), eq(postTargets.platform, change.platform)));
  }
}
