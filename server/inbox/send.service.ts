import { and, eq, inArray, isNull } from 'drizzle-orm';
import { connectorEnv, connectorOf, withCredentials } from '../accounts/credentials';
import type { SocialAccountRow } from '../accounts/account-record';
import type { Executor } from '../db/client';
import { fetchedComments } from '../db/schema/comments';
import { conversations, messages, privateReplyClaims, type MessagePlatformData, type MessageReplyTo, type PrivateReplyContext } from '../db/schema/inbox';
import { postTargets } from '../db/schema/posts';
import { socialAccounts } from '../db/schema/social-accounts';
import { uploads } from '../db/schema/uploads';
import { recordEvent } from '../events/outbox';
import { AppError, BadRequestError, ForbiddenError, NotFoundError, type Issue } from '../http/errors';
import type { MessagingEnv, OutboundMessage, SentMessage } from '../platforms/connector';
import { PlatformError } from '../platforms/platform-error';
import type { AppServices } from '../services';
import { getTeam } from '../teams/teams.service';
import { mediaUrl } from '../uploads/uploads.service';
import { getConversationRow, getMessageRow, presentConversation, readChanges, requireDms, updateConversation, type OrgScope } from './conversations.service';
import { toMessageDto, type ConversationRow, type MessageRow } from './inbox-dto';
import { applyReaction } from './message-changes';
import { reserveMessageSlot } from './messaging-quota';
import { adoptRecipient } from './private-reply-thread';
import { intentKeyOf, recordSendOutcome } from './send-outcome';
import { compositionIssues, platformIssues, type MessageContent } from './shared/message-content';
import { messagingOf } from '../platforms/messaging-of';

const WINDOW_MS = 24 * 3600_000;
const PRIVATE_REPLY_MAX_AGE_MS = 7 * 24 * 3600_000;

class ServiceUnavailableError extends AppError {
  constructor(message: string) {
    super(503, message);
  }
}

async function accountOf(db: Executor, organizationId: string, id: string): Promise<SocialAccountRow> {
  const [row] = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.organizationId, organizationId), eq(socialAccounts.id, id), isNull(socialAccounts.deletedAt)));
  if (!row) throw new BadRequestError('The social account of this conversation was disconnected');
  return row;
}

/** What every outbound action checks first: messaging on for the account, sending not paused. */
async function requireSending(services: AppServices, account: SocialAccountRow): Promise<void> {
  if (account.messagingStatus !== 'ENABLED') {
    const [known] = await services.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.socialAccountId, account.id)).limit(1);
    if (account.messagingStatus === 'DISABLE_PENDING' || known) {
      throw new ForbiddenError('Messaging was disabled for this social account (messaging/disable): enable it again to send, react or reply privately');
    }
    throw new ForbiddenError('Messaging is not enabled for this social account: enable it first with messaging/enable');
  }
  if (services.config.MESSAGING_SENDING_PAUSED) throw new ServiceUnavailableError('Sending is paused on the service side: retry in a few minutes');
}

function contentIssues(platform: string, content: MessageContent, prefix: (string | number)[]): void {
  const issues: Issue[] = [...compositionIssues(content), ...platformIssues(platform, content)].map((issue) => ({
    code: 'custom',
    message: issue.message,
    path: [...prefix, ...issue.path],
  }));
  if (issues.length > 0) throw new BadRequestError(issues[0]!.message, issues);
}

/** Who is sending: a person (the inbox, the API) or an automation; only a person may use the human-agent window. */
type Sender = 'PERSON' | 'AUTOMATION';

const days = (ms: number) => Math.round(ms / 86_400_000);

/**
 * The 24-hour rule, and the thread a private reply opened that waits for the person. Where the
 * platform allows a human agent's late reply (Meta's HUMAN_AGENT tag, decision 079), a person may
 * still answer after 24 hours, within that window: the answer says the send needs the tag.
 */
function requireWindow(conversation: ConversationRow, now: Date, sender: Sender, humanAgentWindowMs: number | undefined): { humanAgent: boolean } {
  if (!conversation.canReply || !conversation.lastInboundAt) {
    throw new BadRequestError('This conversation is waiting for the participant to reply first: you can send once they write');
  }
  const elapsed = now.getTime() - conversation.lastInboundAt.getTime();
  if (elapsed <= WINDOW_MS) return { humanAgent: false };
  const last = conversation.lastInboundAt.toISOString();
  if (!humanAgentWindowMs) {
    throw new BadRequestError(`Replies are allowed only within 24 hours of the participant's last message (${last}); it restarts when they write again`);
  }
  if (sender === 'AUTOMATION') {
    throw new BadRequestError(
      `Automations may reply only within 24 hours of the participant's last message (${last}); a person can still answer from the inbox for up to ${days(humanAgentWindowMs)} days, as a human agent`,
    );
  }
  if (elapsed > humanAgentWindowMs) {
    throw new BadRequestError(
      `Replies are allowed only within 24 hours of the participant's last message, or ${days(humanAgentWindowMs)} days for a person answering as a human agent (${last}); it restarts when they write again`,
    );
  }
  return { humanAgent: true };
}

function toOutbound(content: MessageContent): OutboundMessage {
  return {
    text: content.text ?? null,
    attachments: content.attachments ?? [],
    quickReplies: content.quickReplies,
    buttons: content.buttons,
    carousel: content.carousel,
  };
}

function richData(message: OutboundMessage): MessagePlatformData {
  const data: MessagePlatformData = {};
  if (message.quickReplies?.length) data.quickReplies = message.quickReplies;
  if (message.buttons?.length) data.buttons = message.buttons;
  if (message.carousel) data.carousel = message.carousel;
  return data;
}

type Delivery = {
  conversation: ConversationRow;
  account: SocialAccountRow;
  message: OutboundMessage;
  source: 'API' | 'PRIVATE_REPLY';
  replyTo?: MessageReplyTo | null;
  privateReplyContext?: PrivateReplyContext | null;
  /** Runs in the transaction that records the intent (claims, quota). */
  before?: (tx: Executor) => Promise<void>;
  call: (services: AppServices, account: SocialAccountRow, intentKey: string) => Promise<SentMessage>;
  /** An automation step past its run's time limit: nothing is recorded or sent once it aborted. */
  signal?: AbortSignal;
};

/** What a send's platform call gets: the queue on which the sandbox schedules its delivery receipt. */
export const messagingEnv = (services: AppServices): MessagingEnv => ({ ...connectorEnv(services), jobs: services.jobs });

/**
 * Records the message as PENDING (and takes its quota slot) before the platform is called with
 * the message's intent key, then records the outcome (send-outcome.ts): SENT, or FAILED with the
 * platform's reason. A process that dies in between leaves it PENDING for the reconciler.
 */
async function deliver(services: AppServices, delivery: Delivery): Promise<{ conversation: ConversationRow; message: MessageRow }> {
  const { account } = delivery;
  const createdAt = new Date();
  delivery.signal?.throwIfAborted();
  const pending = await services.db.transaction(async (tx) => {
    await delivery.before?.(tx);
    await reserveMessageSlot(tx, account, createdAt);
    const [row] = await tx
      .insert(messages)
      .values({
        organizationId: delivery.conversation.organizationId,
        teamId: delivery.conversation.teamId,
        conversationId: delivery.conversation.id,
        socialAccountId: account.id,
        platform: delivery.conversation.platform,
        direction: 'OUTBOUND',
        status: 'PENDING',
        source: delivery.source,
        text: delivery.message.text ?? '',
        attachments: delivery.message.attachments.map((attachment) => ({ type: attachment.type, url: attachment.url })),
        replyTo: delivery.replyTo ?? null,
        privateReplyContext: delivery.privateReplyContext ?? null,
        platformData: richData(delivery.message),
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    // The last moment before the platform call: an aborted send rolls its intent back.
    delivery.signal?.throwIfAborted();
    return row!;
  });

  let sent: SentMessage | null = null;
  let failure: PlatformError | null = null;
  try {
    sent = await delivery.call(services, account, intentKeyOf(pending));
  } catch (error) {
    failure =
      error instanceof PlatformError
        ? error
        : new PlatformError({
            code: 'TRANSIENT',
            message: 'The platform call failed unexpectedly',
            httpStatus: 500,
            meta: { platform: account.type, operation: 'messaging.send' },
          });
    if (!(error instanceof PlatformError)) services.logger.error('message send failed', { error: error instanceof Error ? error.message : String(error) });
  }

  const recorded = await services.db.transaction(async (tx) => {
    const outcome = await recordSendOutcome(
      tx,
      pending,
      sent
        ? { kind: 'SENT', externalMessageId: sent.externalMessageId, sentAt: new Date() }
        : { kind: 'FAILED', error: failure!.message, mayHaveArrived: failure!.isTransient },
    );
    // A private reply's thread becomes the person's, under the id the platform answered (decision 078).
    const recipientId = delivery.source === 'PRIVATE_REPLY' ? sent?.recipientId : undefined;
    return outcome && recipientId ? adoptRecipient(tx, outcome, recipientId, services.jobs) : outcome;
  });
  // Only a call that outlived the reconciler's threshold finds its message already resolved.
  const result = recorded ?? (await currentState(services, pending));
  if (failure) throw failure;
  return result;
}

async function currentState(services: AppServices, pending: MessageRow) {
  services.logger.warn('message outcome recorded by the reconciler before the send answered', { messageId: pending.id });
  const [message] = await services.db.select().from(messages).where(eq(messages.id, pending.id));
  const [conversation] = await services.db.select().from(conversations).where(eq(conversations.id, pending.conversationId));
  return { conversation: conversation!, message: message! };
}

async function present(services: AppServices, result: { conversation: ConversationRow; message: MessageRow }, conflict = false) {
  return { conversation: await presentConversation(services.db, result.conversation), message: toMessageDto(result.message), conflict };
}

async function replyToOf(db: Executor, conversation: ConversationRow, messageId?: string): Promise<MessageReplyTo | null> {
  if (!messageId) return null;
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversation.id), eq(messages.id, messageId)));
  if (!row) throw new NotFoundError('Reply-to message');
  return { messageId: row.id, externalMessageId: row.externalMessageId, isSelfReply: row.direction === 'OUTBOUND' };
}

function platformSend(conversation: ConversationRow, message: OutboundMessage, humanAgent: boolean) {
  return (services: AppServices, account: SocialAccountRow, intentKey: string) =>
    withCredentials(services, account, (connector, credentials) =>
      messagingOf(connector, 'messaging.send').send(messagingEnv(services), credentials, {
        pageId: account.externalId ?? '',
        recipientId: conversation.externalParticipantId,
        message,
        intentKey,
        ...(humanAgent ? { humanAgent } : {}),
      }),
    );
}

/** Prepares an outbound message: every check of the spec before anything is written. */
async function prepareSend(services: AppServices, scope: OrgScope & { id: string }, content: MessageContent, prefix: (string | number)[], sender: Sender) {
  const conversation = await getConversationRow(services.db, scope);
  const account = await accountOf(services.db, scope.organizationId, conversation.socialAccountId);
  await requireSending(services, account);
  contentIssues(conversation.platform, content, prefix);
  const humanAgentWindowMs = connectorOf(services, account.type, account.mode).messaging?.humanAgentWindowMs;
  const { humanAgent } = requireWindow(conversation, new Date(), sender, humanAgentWindowMs);
  return { conversation, account, humanAgent };
}

export async function sendMessage(services: AppServices, scope: OrgScope & { id: string }, body: { content: MessageContent; replyToMessageId?: string }) {
  const { conversation, account, humanAgent } = await prepareSend(services, scope, body.content, ['content'], 'PERSON');
  const replyTo = await replyToOf(services.db, conversation, body.replyToMessageId);
  const message = toOutbound(body.content);
  return present(
    services,
    await deliver(services, { conversation, account, message, source: 'API', replyTo, call: platformSend(conversation, message, humanAgent) }),
  );
}

const UPLOAD_TYPES = { image: 'IMAGE', video: 'VIDEO', document: 'FILE' } as const;

/** The automation form of a send: attachments named by upload id. */
export async function sendRichMessage(
  services: AppServices,
  scope: OrgScope & { conversationId: string },
  body: {
    teamId: string;
    message: Omit<MessageContent, 'attachments'> & { attachments?: { uploadId: string; type?: 'IMAGE' | 'VIDEO' | 'AUDIO' | 'FILE' }[] };
  },
  options: { signal?: AbortSignal } = {},
) {
  await requireDms(services.db, scope.organizationId);
  await getTeam(services.db, { organizationId: scope.organizationId, id: body.teamId });
  const conversation = await getConversationRow(services.db, { organizationId: scope.organizationId, id: scope.conversationId });
  if (conversation.teamId !== body.teamId) throw new NotFoundError('Conversation');
  const wanted = body.message.attachments ?? [];
  const found = wanted.length
    ? await services.db
        .select()
        .from(uploads)
        .where(
          and(
            eq(uploads.organizationId, scope.organizationId),
            inArray(
              uploads.id,
              wanted.map((item) => item.uploadId),
            ),
            isNull(uploads.deletedAt),
          ),
        )
    : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  const attachments = wanted.map((item) => {
    const upload = byId.get(item.uploadId);
    if (!upload || (upload.teamId && upload.teamId !== body.teamId)) throw new NotFoundError(`Upload ${item.uploadId}`);
    return { type: item.type ?? UPLOAD_TYPES[upload.type], url: mediaUrl(services.config, upload.path) };
  });
  const content = { ...body.message, attachments: attachments.length ? attachments : undefined } as MessageContent;
  // The automation route and the executor's SEND_MESSAGE step: never the human-agent window.
  const { account } = await prepareSend(services, { organizationId: scope.organizationId, id: conversation.id }, content, ['message'], 'AUTOMATION');
  const message = toOutbound(content);
  const result = await deliver(services, {
    conversation,
    account,
    message,
    source: 'API',
    call: platformSend(conversation, message, false),
    signal: options.signal,
  });
  return { conversationId: result.conversation.id, messageId: result.message.id, externalMessageId: result.message.externalMessageId };
}

export async function reactToMessage(
  services: AppServices,
  scope: OrgScope & { id: string; messageId: string },
  body: { action: 'REACT' | 'UNREACT'; reaction: string },
) {
  const conversation = await getConversationRow(services.db, scope);
  const message = await getMessageRow(services.db, conversation, scope.messageId);
  if (conversation.platform !== 'INSTAGRAM')
    throw new BadRequestError(
      `${conversation.platform === 'FACEBOOK' ? 'Facebook' : conversation.platform} reactions can only be read: only Instagram supports sending reactions`,
    );
  if (body.reaction !== 'love') {
    throw new BadRequestError('Only the love reaction is supported', [{ code: 'custom', message: 'Only the love reaction is supported', path: ['reaction'] }]);
  }
  const account = await accountOf(services.db, scope.organizationId, conversation.socialAccountId);
  await requireSending(services, account);
  if (!message.externalMessageId) throw new BadRequestError('This message never reached the platform: there is nothing to react to');
  await withCredentials(services, account, (connector, credentials) =>
    messagingOf(connector, 'messaging.react').react({ db: services.db, publicUrl: services.config.publicUrl }, credentials, {
      pageId: account.externalId ?? '',
      recipientId: conversation.externalParticipantId,
      externalMessageId: message.externalMessageId!,
      reaction: body.reaction,
      action: body.action,
    }),
  );
  const senderId = account.externalId ?? account.id;
  const updated = await services.db.transaction((tx) =>
    applyReaction(tx, message, { senderId, reaction: body.reaction, action: body.action === 'REACT' ? 'react' : 'unreact' }),
  );
  return toMessageDto(updated);
}

/** Resets the unread counter and, best effort, shows the participant a seen marker. */
export async function readConversation(services: AppServices, scope: OrgScope & { id: string }, body: { readAt?: string }) {
  const row = await getConversationRow(services.db, scope);
  const readAt = body.readAt ? new Date(body.readAt) : new Date();
  const updated = await services.db.transaction((tx) => updateConversation(tx, row, readChanges(row, readAt)));
  const account = await accountOf(services.db, scope.organizationId, row.socialAccountId).catch(() => null);
  if (account?.messagingStatus === 'ENABLED' && !services.config.MESSAGING_SENDING_PAUSED) {
    try {
      await withCredentials(services, account, (connector, credentials) =>
        messagingOf(connector, 'messaging.markSeen').markSeen({ db: services.db, publicUrl: services.config.publicUrl }, credentials, {
          pageId: account.externalId ?? '',
          recipientId: row.externalParticipantId,
        }),
      );
    } catch (error) {
      services.logger.debug('seen marker not shown', { conversationId: row.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return presentConversation(services.db, updated);
}

const MESSAGING_PLATFORMS = new Set(['INSTAGRAM', 'FACEBOOK']);

export async function sendPrivateReply(
  services: AppServices,
  scope: OrgScope,
  body: { teamId: string; fetchedCommentId: string; content: { text: string; attachments?: unknown; carousel?: unknown } },
  options: { signal?: AbortSignal } = {},
) {
  await requireDms(services.db, scope.organizationId);
  await getTeam(services.db, { organizationId: scope.organizationId, id: body.teamId });
  const [comment] = await services.db
    .select()
    .from(fetchedComments)
    .where(
      and(eq(fetchedComments.organizationId, scope.organizationId), eq(fetchedComments.teamId, body.teamId), eq(fetchedComments.id, body.fetchedCommentId)),
    );
  if (!comment) throw new NotFoundError('Fetched comment');
  if (body.content.attachments !== undefined || body.content.carousel !== undefined) {
    const field = body.content.attachments !== undefined ? 'attachments' : 'carousel';
    throw new BadRequestError('Private replies are text only: attachments and carousels are not allowed', [
      { code: 'custom', message: 'Private replies are text only', path: ['content', field] },
    ]);
  }
  if (!MESSAGING_PLATFORMS.has(comment.platform)) throw new BadRequestError('Private replies exist only on Instagram and Facebook');
  if (comment.deletedAt) throw new BadRequestError('The comment was deleted on the platform');
  const account = await accountOf(services.db, scope.organizationId, comment.socialAccountId);
  await requireSending(services, account);
  const text = body.content.text;
  if (comment.platform === 'INSTAGRAM') contentIssues('INSTAGRAM', { text }, ['content']);
  if (comment.platform === 'FACEBOOK') {
    if (comment.externalParentId) throw new BadRequestError('On Facebook only top-level comments can get a private reply; this comment is a reply');
    const at = comment.publishedAt ?? comment.createdAt;
    if (Date.now() - at.getTime() > PRIVATE_REPLY_MAX_AGE_MS) throw new BadRequestError('Facebook allows private replies only to comments at most 7 days old');
  }

  // One per comment: an earlier one that went out answers again, with conflict.
  const [claim] = await services.db.select().from(privateReplyClaims).where(eq(privateReplyClaims.fetchedCommentId, comment.id));
  if (claim?.state === 'SENT' && claim.messageId) {
    const [message] = await services.db.select().from(messages).where(eq(messages.id, claim.messageId));
    const [conversation] = message ? await services.db.select().from(conversations).where(eq(conversations.id, message.conversationId)) : [];
    if (message && conversation) return present(services, { conversation, message }, true);
  }
  const claimed = () =>
    new AppError(
      429,
      'Private reply send already claimed: one for this comment is in progress or may have been delivered; do not retry, inspect the conversation',
    );
  if (claim && claim.state !== 'FAILED' && claim.state !== 'SENT') throw claimed();

  const conversation = await conversationFor(services, account, { participantId: comment.authorExternalId ?? 'unknown', name: comment.authorName });
  const [target] = await services.db
    .select({ externalData: postTargets.externalData })
    .from(postTargets)
    .where(and(eq(postTargets.postId, comment.postId), eq(postTargets.platform, comment.platform)));
  const context: PrivateReplyContext = {
    fetchedCommentId: comment.id,
    commentExternalId: comment.externalId,
    text: comment.text,
    authorName: comment.authorName,
    postPermalink: target?.externalData?.permalink ?? null,
    postThumbnailUrl: target?.externalData?.thumbnail ?? null,
    commentedAt: (comment.publishedAt ?? comment.createdAt).toISOString(),
  };
  const message: OutboundMessage = { text, attachments: [] };
  const result = await deliver(services, {
    conversation,
    account,
    message,
    source: 'PRIVATE_REPLY',
    privateReplyContext: context,
    signal: options.signal,
    async before(tx) {
      // Taken in the intent's transaction: two concurrent repeats cannot both send.
      const taken = await tx
        .insert(privateReplyClaims)
        .values({ fetchedCommentId: comment.id, organizationId: scope.organizationId, state: 'IN_FLIGHT' })
        .onConflictDoUpdate({
          target: privateReplyClaims.fetchedCommentId,
          set: { state: 'IN_FLIGHT', messageId: null },
          setWhere: eq(privateReplyClaims.state, 'FAILED'),
        })
        .returning();
      if (taken.length === 0) throw claimed();
    },
    // The outcome moves the claim: SENT, FAILED, or UNKNOWN (a transient failure may have arrived: 429).
    call: (svc, acc, intentKey) =>
      withCredentials(svc, acc, (connector, credentials) =>
        messagingOf(connector, 'messaging.privateReply').privateReply(messagingEnv(svc), credentials, {
          pageId: acc.externalId ?? '',
          commentId: comment.externalId,
          text,
          intentKey,
        }),
      ),
  });
  return present(services, result);
}

/** The thread with a person, created (waiting for them to answer) when a private reply starts it. */
async function conversationFor(
  services: AppServices,
  account: SocialAccountRow,
  person: { participantId: string; name: string | null },
): Promise<ConversationRow> {
  return services.db.transaction(async (tx) => {
    const now = new Date();
    const [created] = await tx
      .insert(conversations)
      .values({
        organizationId: account.organizationId,
        teamId: account.teamId,
        socialAccountId: account.id,
        platform: account.type,
        externalConversationId: `t_${account.externalId}_${person.participantId}`,
        externalParticipantId: person.participantId,
        participantDisplayName: person.name ?? '',
        canReply: false,
        lastMessageAt: now,
        lastActivityAt: now,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (created) {
      await recordEvent(tx, {
        organizationId: created.organizationId,
        teamId: created.teamId,
        type: 'conversation.created',
        data: { conversation: await presentConversation(tx, created) },
      });
      return created;
    }
    const [existing] = await tx
      .select()
      .from(conversations)
      .where(and(eq(conversations.socialAccountId, account.id), eq(conversations.externalParticipantId, person.participantId)));
    return existing!;
  });
}
