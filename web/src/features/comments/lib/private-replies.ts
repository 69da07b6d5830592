import type { FetchedComment } from '@/api/get-fetched-comments';

/** The spec's private-reply window: a comment at most 7 days old. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Whether the author of a comment can get a private message, and if not why: Instagram and
 * Facebook only, within 7 days, and on Facebook top-level comments only.
 */
export function privateReplyRule(
  comment: Pick<FetchedComment, 'platform' | 'externalParentId' | 'publishedAt' | 'createdAt'>,
  now: number,
): { allowed: boolean; reason?: string } | null {
  if (comment.platform !== 'INSTAGRAM' && comment.platform !== 'FACEBOOK') return null;
  if (comment.platform === 'FACEBOOK' && comment.externalParentId)
    return { allowed: false, reason: 'Facebook allows private replies to top-level comments only' };
  if (now - Date.parse(comment.publishedAt ?? comment.createdAt) > MAX_AGE_MS)
    return { allowed: false, reason: 'Private replies are possible for 7 days after a comment' };
  return { allowed: true };
}
