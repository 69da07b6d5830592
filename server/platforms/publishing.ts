import type { ConnectorEnv, Credentials } from './connector';

/** A file of the post as the platform fetches it. */
export type PublishMedia = {
  id: string;
  url: string;
  /** The upload's storage key and size: the bytes a connector sends (`ConnectorEnv.storage`). */
  key: string;
  size: number;
  type: 'image' | 'video' | 'document';
  mime: string | null;
  width: number | null;
  height: number | null;
  videoLength: number | null;
};

export type PublishRequest = {
  /** Stable per post target and version: a platform (or the sandbox) that saw it returns the first result. */
  intentKey: string;
  options: Record<string, unknown>;
  media: PublishMedia[];
  /** Files of the thread's later posts (`thread[].uploadIds`), which are not the first post's media. */
  threadMedia?: PublishMedia[];
  /**
   * When the post was due (its `postDate`), fixed for the life of an intent: a connector that names
   * its records after the intent and a time (Bluesky's record keys, decision 059) uses it.
   */
  publishAt?: Date;
  /** The account's selected channel (page, board...), when it has one. */
  channelId: string | null;
};

export type PublishResult = {
  externalData: Record<string, string>;
  /** Published, but a follow-up step failed (a refused custom thumbnail): shown in `errors`. */
  warning?: string;
};

export type PublishTarget = { externalId: string | null; selectedChannelId: string | null };

export type IntentContext = Partial<Pick<PublishRequest, 'options' | 'publishAt'>> & { channelId?: string | null; parent?: Record<string, string> };

export type PublishingCapability = {
  publish(env: ConnectorEnv, credentials: Credentials, target: PublishTarget, request: PublishRequest): Promise<PublishResult>;
  /**
   * Finds what an earlier attempt with this intent published: how a crash between call and commit
   * is reconciled. `context` is what the attempt asked for and where it went: Bluesky derives its
   * record names from the options and `publishAt`; Slack searches the post's channel, or the thread
   * of the parent a comment answers.
   */
  findByIntent(env: ConnectorEnv, credentials: Credentials, target: PublishTarget, intentKey: string, context?: IntentContext): Promise<PublishResult | null>;
  comment(
    env: ConnectorEnv,
    credentials: Credentials,
    target: PublishTarget,
    request: { externalData: Record<string, string>; text: string; intentKey: string },
  ): Promise<{ id: string; permalink: string | null }>;
};
