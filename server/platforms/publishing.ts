import type { ConnectorEnv, Credentials } from './connector';
import { PlatformError } from './platform-error';
import type { PostPlatform } from './platform-types';

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
  /** The cover image the options name (`thumbnail`, an uploaded image), as the platform fetches it. */
  thumbnail?: PublishMedia;
  /**
   * When the post was due (its `postDate`), fixed for the life of an intent: a connector that names
   * its records after the intent and a time (Bluesky's record keys, decision 059) uses it.
   */
  publishAt?: Date;
  /** The account's selected channel (page, board...), when it has one. */
  channelId: string | null;
  /**
   * What earlier attempts of this intent saved with `checkpoint` (empty the first time): a
   * connector resumes from it (polls the container it made instead of making another).
   */
  progress?: Record<string, string>;
  /**
   * Saves the connector's progress toward this intent durably, before the step that would make the
   * post visible: platforms without an idempotency key (Meta) record the container or object they
   * made, so a crash after it is found again through `findByIntent` or the next `publish`. The
   * values given are merged into what was saved. Absent where the caller keeps nothing.
   */
  checkpoint?: (progress: Record<string, string>) => Promise<void>;
};

export type PublishResult = {
  externalData: Record<string, string>;
  /** Published, but a follow-up step failed (a refused custom thumbnail): shown in `errors`. */
  warning?: string;
};

export type PublishTarget = { externalId: string | null; selectedChannelId: string | null };

export type IntentContext = Partial<Pick<PublishRequest, 'options' | 'publishAt' | 'progress'>> & {
  channelId?: string | null;
  parent?: Record<string, string>;
};

/**
 * A publish whose platform is still processing (a video container): the attempt lets the worker go
 * and the post is tried again after `retryAfterSeconds`, resuming from its checkpoint. It does not
 * count as a failed attempt; the platform's own deadline (a container expires) bounds the wait.
 */
export function stillProcessing(input: {
  platform: PostPlatform;
  operation: string;
  message: string;
  retryAfterSeconds?: number;
  meta?: Record<string, unknown>;
}): PlatformError {
  return new PlatformError({
    code: 'TRANSIENT',
    message: input.message,
    httpStatus: 202,
    userFacingMessage: 'The platform is still processing the media; publishing continues shortly.',
    meta: {
      platform: input.platform,
      operation: input.operation,
      stillProcessing: true,
      ...(input.retryAfterSeconds !== undefined ? { retryAfterSeconds: input.retryAfterSeconds } : {}),
      ...input.meta,
    },
  });
}

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
    /** `firstComment`: the post's first comment, which follows a thread (Bluesky answers its last part). */
    request: { externalData: Record<string, string>; text: string; intentKey: string; firstComment?: boolean },
  ): Promise<{ id: string; permalink: string | null }>;
};
