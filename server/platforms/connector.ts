import type { Executor } from '../db/client';
import type { JobQueue } from '../jobs/job-queue';
import type { ActionsCapability } from './actions';
import type { AnalyticsCapability } from './analytics';
import type { XActionsCapability } from './x-actions';
import type { CommentsCapability } from './comments';
import type { HistoryCapability } from './history';
import type { Permission } from './permissions';
import type { PlatformDefinition } from './platform-definition';
import type { PostPlatform } from './platform-types';
import type { LocationsCapability } from './locations';
import type { PlaylistsCapability } from './playlists';
import type { ProviderSettingsCapability } from './provider-settings';
import type { PublishingCapability } from './publishing';
import type { ReviewsCapability } from './reviews';
import type { FileStorage } from '../storage/file-storage';

/** What a connector needs from the host: the database (the sandbox world lives there). */
export type ConnectorEnv = {
  db: Executor;
  publicUrl: string;
  /** Where the bytes of uploads are: connectors that send files (rather than links) read them here. */
  storage?: Pick<FileStorage, 'open' | 'stat'>;
};

/**
 * Sends also get the host's job queue: a platform reports later what became of a message (its
 * delivery receipt), and the sandbox schedules that webhook on the queue, durably, as a live
 * platform would send it a moment after answering. Live connectors need not use it.
 */
export type MessagingEnv = ConnectorEnv & { jobs: Pick<JobQueue, 'send'> };

export type Credentials = { accessToken: string; refreshToken: string | null };

/** How an Instagram account is connected: Facebook Login (through a Page) or Instagram Login. */
export type InstagramLogin = 'FACEBOOK' | 'INSTAGRAM';

export type TokenSet = { accessToken: string; refreshToken: string | null; expiresAt: Date };

export type PlatformProfile = {
  externalId: string;
  username: string | null;
  displayName: string | null;
  bio: string | null;
  avatarUrl: string | null;
  email: string | null;
  /** Platform-specific facts (server, subscription tier, business account...) the platform module reads. */
  attributes: Record<string, string | boolean | null>;
};

export type PlatformChannel = {
  id: string;
  name: string | null;
  username: string | null;
  address: string | null;
  avatarUrl: string | null;
  webhook: { id: string | null; name: string | null; avatar: string | null; url: string | null } | null;
  metadata: { allowImages: boolean | null; allowVideos: boolean | null; allowGalleries: boolean | null; linkFlairEnabled: boolean | null } | null;
};

/** Inbound activity the platform reports, normalized; the ingestion path stores one per receiving account. */
export type InboundEventKind =
  | 'comment.created'
  | 'comment.updated'
  | 'comment.deleted'
  | 'message.created'
  | 'message.postback'
  | 'message.reaction'
  | 'message.read'
  | 'message.delivered'
  | 'message.echo'
  | 'message.edited'
  | 'message.unsent'
  | 'review.created'
  | 'review.updated';

export type InboundEvent = {
  kind: InboundEventKind;
  /** The platform's id for this event (dedupe key). */
  externalEventId: string;
  /** The account (or page) the event is addressed to, as the platform identifies it. */
  recipientExternalId: string;
  occurredAt: Date;
  data: Record<string, unknown>;
};

export type AuthCapability = {
  /** Trades a refresh token for fresh tokens. */
  refresh(env: ConnectorEnv, credentials: Credentials): Promise<TokenSet>;
  /**
   * How long before its expiry a token is refreshed (default: a minute). Platforms whose tokens can
   * only be refreshed while still valid (Meta's 60-day tokens) refresh well ahead, on use and in
   * the daily sweep of expiring tokens.
   */
  refreshAheadSeconds?: number;
};

/**
 * How a person connects a live account (decision 059): our page `/connect/:session` asks for an
 * app password (Bluesky), or sends the person to the platform's OAuth consent and takes the code
 * back at `/connect/callback` (Mastodon and the OAuth platforms). The sandbox has its own pages.
 */
export type LiveConnectCapability =
  | {
      method: 'app-password';
      /** What the form calls the identifier (`Handle or email`) and where the person makes an app password. */
      identifierLabel: string;
      appPasswordHelpUrl: string | null;
      /** Logs in; a wrong identifier or password is a `PlatformError` with code `ACCESS_REVOKED` or `INVALID_REQUEST`. */
      login(env: ConnectorEnv, input: { identifier: string; password: string }): Promise<TokenSet>;
      /**
       * Where a person's server may offer OAuth instead (Bluesky, decision 065): the page asks for
       * the handle first, and the app password stays the way for servers without it.
       */
      oauth?: HandleOAuthConnect | null;
    }
  | {
      method: 'oauth';
      /**
       * The platform's consent page; `state` comes back with the code. `serverUrl` is the person's
       * server where the platform has many (Mastodon); `instagramConnectionMethod` picks the login
       * (Facebook or Instagram); `reconnect` asks the platform for a fresh login.
       */
      authorizationUrl(
        env: ConnectorEnv,
        input: {
          state: string;
          redirectUri: string;
          serverUrl?: string;
          permissions: Permission[];
          instagramConnectionMethod?: InstagramLogin;
          reconnect?: boolean;
        },
      ): Promise<string>;
      /** The callback's code for tokens, with what the consent asked (platforms that do not answer what was granted record it). */
      exchange(
        env: ConnectorEnv,
        input: { code: string; redirectUri: string; serverUrl?: string; permissions?: Permission[]; instagramConnectionMethod?: InstagramLogin },
      ): Promise<TokenSet>;
      /**
       * Platforms of many servers (Mastodon): the person names theirs, in the connect API's
       * `serverUrl` or on our connect page's form, which uses the label and example.
       */
      server?: {
        label: string;
        example: string;
        /**
         * The server's origin from what the person typed (`mastodon.social`), checked with the SSRF
         * guard; sends nothing. Otherwise a `PlatformError` whose `userFacingMessage` says why.
         */
        check(input: string): Promise<string>;
      };
    };

/** OAuth found from what the person typed (a handle), with the state our page keeps meanwhile. */
export type HandleOAuthConnect = {
  /**
   * The authorization page of the handle's server and what to keep (sealed) until the callback;
   * null when that server offers no OAuth. An unknown handle is a `PlatformError` whose
   * `userFacingMessage` the page shows.
   */
  authorize(env: ConnectorEnv, input: { handle: string; state: string }): Promise<{ url: string; pending: string } | null>;
  /** The callback's code for tokens; `iss` is the callback's issuer, checked against the one asked. */
  exchange(env: ConnectorEnv, input: { code: string; iss: string | undefined; pending: string }): Promise<TokenSet>;
};

export type ProfileCapability = {
  /** Who the token belongs to, and which permissions it carries. */
  fetch(env: ConnectorEnv, credentials: Credentials): Promise<{ profile: PlatformProfile; permissions: Permission[] }>;
  /** Pages, channels, boards... the token can act on; empty where the platform has none. */
  listChannels(env: ConnectorEnv, credentials: Credentials): Promise<PlatformChannel[]>;
  /**
   * Where the selected channel has a token of its own (a Facebook Page): the credentials the
   * account keeps once `channelId` is selected (null: none is), asked at `set-channel`. Absent:
   * the account's tokens stay as they are.
   */
  channelCredentials?(env: ConnectorEnv, credentials: Credentials, channelId: string | null): Promise<Credentials>;
};

/** A message as the platform receives it: text and each attachment are separate bubbles. */
/** What a DM can carry as a file: the API's `MessageAttachmentInput` types. */
export type OutboundAttachmentType = 'IMAGE' | 'VIDEO' | 'AUDIO' | 'FILE';

export type OutboundMessage = {
  text: string | null;
  attachments: { type: OutboundAttachmentType; url: string }[];
  quickReplies?: { label: string; payload: string }[];
  buttons?: (
    { type: 'POSTBACK'; label: string; payload: string } | { type: 'URL'; label: string; url: string } | { type: 'PHONE'; label: string; phoneNumber: string }
  )[];
  carousel?: { cards: { title: string; subtitle?: string; imageUrl?: string; buttons?: OutboundMessage['buttons'] }[] };
};

export type SentMessage = {
  externalMessageId: string;
  /**
   * The person's id in direct messages, where the platform names it in its answer (Meta's Send API
   * answers a private reply with the PSID or IGSID it derived from the comment, decision 078): the
   * thread the person's answer will arrive on.
   */
  recipientId?: string;
};

/** Who a person in a DM thread is, as the platform shows them (null: not set or not shared). */
export type ParticipantProfile = { displayName: string | null; username: string | null; avatarUrl: string | null };

export type MessagingCapability = {
  /** Subscribes the account (or selected page) to message and comment webhooks. */
  subscribe(env: ConnectorEnv, credentials: Credentials, target: { externalId: string }): Promise<void>;
  unsubscribe(env: ConnectorEnv, credentials: Credentials, target: { externalId: string }): Promise<void>;
  /**
   * Sends a DM from the page (or account) to a person; the platform enforces its own rules.
   * `intentKey` is the send's idempotency key: a repeat with it returns the first message.
   */
  send(
    env: MessagingEnv,
    credentials: Credentials,
    input: {
      pageId: string;
      recipientId: string;
      message: OutboundMessage;
      intentKey: string;
      /** A person's reply after the standard window, within `humanAgentWindowMs`: sent with the platform's human-agent tag. */
      humanAgent?: boolean;
    },
  ): Promise<SentMessage>;
  /**
   * How long after the participant's last message a person (never an automation) may still reply,
   * with the platform's human-agent tag (Meta's HUMAN_AGENT: 7 days, where the app was approved for
   * it). Absent: the standard 24 hours only.
   */
  humanAgentWindowMs?: number;
  /** Answers a comment privately; the person is known to the platform by the comment. Idempotent by `intentKey`. */
  privateReply(
    env: MessagingEnv,
    credentials: Credentials,
    input: { pageId: string; commentId: string; text: string; intentKey: string },
  ): Promise<SentMessage>;
  /** The message an earlier send or private reply with this key left on the platform, or null: what a reconciler asks after a crash. */
  findByIntent(
    env: ConnectorEnv,
    credentials: Credentials,
    input: {
      pageId: string;
      intentKey: string;
      /**
       * What the intent record knows of the send, for platforms that keep no idempotency key and
       * are searched instead (Meta, decision 075): the person (null for a private reply, whose
       * recipient the platform derives from the comment), the text, and when the intent was recorded.
       */
      hint?: { recipientId: string | null; text: string; after: Date };
    },
  ): Promise<(SentMessage & { sentAt: Date }) | null>;
  react(
    env: ConnectorEnv,
    credentials: Credentials,
    input: { pageId: string; recipientId: string; externalMessageId: string; reaction: string; action: 'REACT' | 'UNREACT' },
  ): Promise<void>;
  /** Shows the person that their messages were seen. */
  markSeen(env: ConnectorEnv, credentials: Credentials, input: { pageId: string; recipientId: string }): Promise<void>;
  /**
   * Who a person who wrote is, for platforms whose webhooks carry only their id (Meta's User Profile
   * APIs, decision 078). A `PlatformError` that is not transient means the profile cannot be had
   * (no consent, blocked, a permission missing). Absent: the platform's events carry names.
   */
  profileOf?(env: ConnectorEnv, credentials: Credentials, input: { pageId: string; personId: string }): Promise<ParticipantProfile>;
};

export type WebhookCapability = {
  /** Turns a webhook payload of the platform into normalized events; throws PlatformError if unreadable. */
  parse(payload: unknown): InboundEvent[];
  /**
   * Where the platform's webhooks are not configured (no public URL): the recent activity of an
   * account (or its selected page) fetched from the platform, as payloads `parse` reads, with the
   * event ids a webhook would give, so both paths deduplicate (decision 075). `postIds`: the posts
   * the service published there recently, whose comments are read. Absent: nothing to poll.
   */
  poll?(env: ConnectorEnv, credentials: Credentials, input: { externalId: string; since: Date; postIds: string[] }): Promise<unknown[]>;
};

/**
 * One connector per platform, capability by capability. A capability the platform lacks is null.
 * Later issues add their capabilities here (publishing, comments, history and review import,
 * reactions, provider settings, analytics) the same way: a typed member, null where unsupported.
 */
export type PlatformConnector = {
  type: PostPlatform;
  definition: PlatformDefinition;
  /** `sandbox` for the simulated world, `live` for the platform's real API. */
  mode: 'sandbox' | 'live';
  auth: AuthCapability;
  /** Live connectors: how an account is connected. The sandbox (null) has its own consent pages. */
  connect?: LiveConnectCapability | null;
  profile: ProfileCapability;
  messaging: MessagingCapability | null;
  webhooks: WebhookCapability;
  /** Posts, their first comments, and finding what an interrupted attempt published. */
  publishing: PublishingCapability | null;
  /** Edit and delete what is published, and the composer's lookups (`/misc/*`). */
  actions: ActionsCapability | null;
  /** Account and post numbers (issue 10); null where the platform offers none. */
  analytics: AnalyticsCapability | null;
  /** X's metered reposts and reply deletion (issue 10, billed from credits); null elsewhere. */
  xActions: XActionsCapability | null;
  /** Listing a published item's comments and acting on them (hide, like, delete, moderate). */
  comments: CommentsCapability | null;
  /** Google Business reviews and Facebook recommendations: list, reply (moderated), threads, search keywords. */
  reviews: ReviewsCapability | null;
  /** The account's published posts, newest first, paging back in time (post history import, issue 11). */
  history: HistoryCapability | null;
  /** Ice breakers (Instagram) and the persistent menu (Facebook): what a page shows in its DM screen (issue 13). */
  providerSettings: ProviderSettingsCapability | null;
  /** Google Business Profile's location management (issue 27); absent or null elsewhere. */
  locations?: LocationsCapability | null;
  /** YouTube's playlists and custom thumbnails (issue 27, decision 091); absent or null elsewhere. */
  playlists?: PlaylistsCapability | null;
};
