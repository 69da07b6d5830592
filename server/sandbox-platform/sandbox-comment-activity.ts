import { and, eq, sql } from 'drizzle-orm';
import { sandboxItems } from '../db/schema/sandbox';
import { BadRequestError, NotFoundError } from '../http/errors';
import type { AppServices } from '../services';
import { findItem, rootItem } from '../platforms/sandbox-connector/world';
import { emit, sandboxAccount } from './sandbox.service';

type Input = { organizationId: string; socialAccountId: string; commentId: string };

/**
 * Someone changes their own comment on the platform (edits, deletes), or people like it: the
 * sandbox applies it and sends the platform's webhook through the ingestion path. The account's
 * own comments are changed through the service's platform actions instead.
 */
async function othersComment(services: AppServices, input: Input) {
  const { account, profile } = await sandboxAccount(services, input);
  const comment = await findItem(services.db, { profileId: profile.id, id: input.commentId });
  if (!comment || comment.kind !== 'COMMENT') throw new NotFoundError('Comment');
  if (comment.deletedAt) throw new BadRequestError('The comment was already deleted on the platform');
  const post = await rootItem(services.db, comment);
  if (comment.authorExternalId === post.authorExternalId || comment.authorExternalId === profile.externalId) {
    throw new BadRequestError("This is the account's own comment: change it through the service, not as another person");
  }
  return { account, comment, post };
}

export async function editSandboxComment(services: AppServices, input: Input & { text: string }) {
  const { account, comment, post } = await othersComment(services, input);
  const now = new Date();
  await services.db.update(sandboxItems).set({ text: input.text, editedAt: now }).where(eq(sandboxItems.id, comment.id));
  return emit(services, account, 'comment.updated', { commentId: comment.externalId, postId: post.externalId, text: input.text, editedAt: now.toISOString() });
}

export async function deleteSandboxComment(services: AppServices, input: Input) {
  const { account, comment, post } = await othersComment(services, input);
  await services.db.update(sandboxItems).set({ deletedAt: new Date() }).where(eq(sandboxItems.id, comment.id));
  return emit(services, account, 'comment.deleted', { commentId: comment.externalId, postId: post.externalId });
}

export async function likeSandboxComment(services: AppServices, input: Input & { count: number }) {
  const { account, profile } = await sandboxAccount(services, input);
  const [comment] = await services.db
    .update(sandboxItems)
    .set({ likeCount: sql`${sandboxItems.likeCount} + ${input.count}` })
    .where(and(eq(sandboxItems.profileId, profile.id), eq(sandboxItems.id, input.commentId), eq(sandboxItems.kind, 'COMMENT')))
    .returning();
  if (!comment || comment.deletedAt) throw new NotFoundError('Comment');
  const post = await rootItem(services.db, comment);
  const likeCount = comment.likeCount + (comment.ownerLikedAt ? 1 : 0);
  return emit(services, account, 'comment.updated', { commentId: comment.externalId, postId: post.externalId, likeCount });
}
