import { inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { comments, commentTargets } from '../db/schema/comments';
import { targetResults } from '../posts/post-dto';
import type { CommentPlatform } from './shared/comment-statuses';

export type CommentRow = typeof comments.$inferSelect;
export type CommentTargetRow = typeof commentTargets.$inferSelect;

export async function presentComments(db: Executor, rows: CommentRow[]) {
  const ids = rows.map((row) => row.id);
  const targets = ids.length ? await db.select().from(commentTargets).where(inArray(commentTargets.commentId, ids)) : [];
  return rows.map((row) =>
    toCommentDto(
      row,
      targets.filter((target) => target.commentId === row.id),
    ),
  );
}

export async function presentComment(db: Executor, row: CommentRow) {
  return (await presentComments(db, [row]))[0]!;
}

export function toCommentDto(row: CommentRow, targets: CommentTargetRow[]) {
  const { errors, errorsVerbose, externalData } = targetResults(targets);
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: row.id,
    teamId: row.teamId,
    organizationId: row.organizationId,
    internalPostId: row.internalPostId,
    importedPostId: row.importedPostId,
    internalParentCommentId: row.internalParentCommentId,
    fetchedParentCommentId: row.fetchedParentCommentId,
    title: row.title,
    postDate: row.postDate.toISOString(),
    postedDate: iso(row.postedDate),
    status: row.status,
    socialAccountTypes: row.platforms as CommentPlatform[],
    data: row.data,
    error: row.error,
    errors,
    errorsVerbose,
    externalData,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: iso(row.deletedAt),
  };
}
