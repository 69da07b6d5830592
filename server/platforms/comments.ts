import type { CommentAction } from '../comments/shared/comment-statuses';
import type { ConnectorEnv, Credentials } from './connector';
import type { PublishTarget } from './publishing';

export type { CommentAction } from '../comments/shared/comment-statuses';

/** A comment as a platform lists it, normalized. */
export type PlatformComment = {
  externalId: string;
  externalParentId: string | null;
  externalPostId: string;
  authorExternalId: string;
  authorName: string | null;
  authorUsername: string | null;
  authorProfileUrl: string | null;
  authorAvatarUrl: string | null;
  text: string | null;
  likesCount: number;
  repliesCount: number;
  hidden: boolean;
  likedByMe: boolean;
  /** Written by the connected account itself. */
  owner: boolean;
  moderationStatus: string | null;
  publishedAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
};

export type CommentsCapability = {
  /** The comments (and replies) of a published item, newest first. */
  list(env: ConnectorEnv, credentials: Credentials, target: PublishTarget, post: { externalId: string }): Promise<PlatformComment[]>;
  /**
   * Moderates or reacts to a comment; the platform refuses what its rules do not allow. The comment
   * comes with the post it was fetched from (`externalPostId`, as stored: imports and webhooks always
   * store it, the column alone allows null), which the answer keeps.
   */
  act(
    env: ConnectorEnv,
    credentials: Credentials,
    target: PublishTarget,
    comment: { externalId: string; externalPostId: string | null },
    action: CommentAction,
  ): Promise<PlatformComment>;
};

/**
 * What each platform's API lets a connected account do to comments on its own posts, and whose
 * comments it may delete or hide. From the platforms' documentation:
 * - Facebook pages hide/unhide, delete and like any comment on their posts.
 * - Instagram business accounts hide/unhide and delete comments on their media; no API likes.
 * - YouTube: a channel deletes only its own comments; others are moderated (published / rejected).
 * - LinkedIn organizations react to comments and delete comments on their posts.
 * - TikTok business accounts hide/unhide, like and delete comments on their videos.
 * - Reddit: delete own, vote (like) any, approve/remove as moderator of the subreddit.
 * - Threads hides/unhides replies and deletes its own; no API likes.
 * - Mastodon and Bluesky: favourite/like any, delete only one's own.
 */
export const COMMENT_ACTION_RULES: Record<string, { actions: readonly CommentAction[]; deleteOthers: boolean }> = {
  FACEBOOK: { actions: ['DELETE', 'HIDE', 'UNHIDE', 'LIKE', 'UNLIKE'], deleteOthers: true },
  INSTAGRAM: { actions: ['DELETE', 'HIDE', 'UNHIDE'], deleteOthers: true },
  YOUTUBE: { actions: ['DELETE', 'APPROVE', 'REJECT'], deleteOthers: false },
  LINKEDIN: { actions: ['DELETE', 'LIKE', 'UNLIKE'], deleteOthers: true },
  TIKTOK: { actions: ['DELETE', 'HIDE', 'UNHIDE', 'LIKE', 'UNLIKE'], deleteOthers: true },
  REDDIT: { actions: ['DELETE', 'LIKE', 'UNLIKE', 'APPROVE', 'REJECT'], deleteOthers: false },
  THREADS: { actions: ['DELETE', 'HIDE', 'UNHIDE'], deleteOthers: false },
  MASTODON: { actions: ['DELETE', 'LIKE', 'UNLIKE'], deleteOthers: false },
  BLUESKY: { actions: ['DELETE', 'LIKE', 'UNLIKE'], deleteOthers: false },
};
