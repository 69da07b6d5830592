import type { ConnectorEnv, Credentials } from './connector';
import type { PublishTarget } from './publishing';

/**
 * X's metered engagement calls (billed from prepaid credits). Each is idempotent on the platform:
 * reposting twice keeps one repost, undoing or deleting twice changes nothing more.
 */
export type XActionsCapability = {
  repost(env: ConnectorEnv, credentials: Credentials, target: PublishTarget, request: { tweetId: string }): Promise<{ repostId: string }>;
  undoRepost(env: ConnectorEnv, credentials: Credentials, target: PublishTarget, request: { tweetId: string }): Promise<{ undone: boolean }>;
  /** Deletes a reply the account wrote. */
  deleteReply(env: ConnectorEnv, credentials: Credentials, target: PublishTarget, request: { replyId: string }): Promise<void>;
};
