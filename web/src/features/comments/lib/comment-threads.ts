import type { FetchedComment } from '@/api/get-fetched-comments';
import type { ServiceComment } from '../api/get-post-replies';

export type Thread = {
  comment: FetchedComment;
  replies: Thread[];
  /** Replies written through the service to this comment that the platform's list does not show yet. */
  own: ServiceComment[];
};

const time = (comment: FetchedComment) => Date.parse(comment.publishedAt ?? comment.createdAt);
const ownTime = (comment: ServiceComment) => Date.parse(comment.postedDate ?? comment.postDate);

/**
 * Fetched comments as threads: a comment whose parent is not among them (a top-level one, or a
 * reply whose parent was deleted) starts a thread. Threads newest first, replies in the order they
 * were written. The service's own comments join the comment they answer, unless the platform's
 * list already has them (same external id), so nothing shows twice.
 */
export function buildThreads(
  fetched: readonly FetchedComment[],
  own: readonly ServiceComment[],
  platform: string,
): { threads: Thread[]; ownTopLevel: ServiceComment[] } {
  const byExternalId = new Map(fetched.map((comment) => [comment.externalId, comment]));
  const nodes = new Map<string, Thread>(fetched.map((comment) => [comment.id, { comment, replies: [], own: [] }]));
  const threads: Thread[] = [];
  for (const comment of [...fetched].sort((a, b) => time(a) - time(b))) {
    const node = nodes.get(comment.id)!;
    const parent = comment.externalParentId ? byExternalId.get(comment.externalParentId) : undefined;
    if (parent && parent.id !== comment.id) nodes.get(parent.id)!.replies.push(node);
    else threads.push(node);
  }
  const ownTopLevel: ServiceComment[] = [];
  for (const comment of [...own].sort((a, b) => ownTime(a) - ownTime(b))) {
    if (!comment.socialAccountTypes.includes(platform as ServiceComment['socialAccountTypes'][number])) continue;
    const externalId = comment.externalData[platform]?.id;
    if (externalId && byExternalId.has(externalId)) continue;
    const parent = comment.fetchedParentCommentId ? nodes.get(comment.fetchedParentCommentId) : undefined;
    if (parent) parent.own.push(comment);
    else if (!comment.fetchedParentCommentId && !comment.internalParentCommentId) ownTopLevel.push(comment);
  }
  return { threads: threads.reverse(), ownTopLevel };
}
