import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Transaction } from '../db/client';
import { conversations, messages, type MessageAttachment } from '../db/schema/inbox';
import { recordEvent, recordEvents } from '../events/outbox';
import type { InboundEventRow } from '../db/schema/ingest';
import type { JobQueue } from '../jobs/job-queue';
import { presentConversation, updateConversation } from './conversations.service';
import { previewOf, toMessageDto, type ConversationRow, type MessageRow } from './inbox-dto';
import { announceUpdates, applyReaction, updateMessage } from './message-changes';
import { scheduleProfileLookup } from './participant-profile';

const Person = z.object({ id: z.string(), name: z.string().nullable().optional(), username: z.string().nullable().optional() });
const Attachment = z.object({ type: z.string(), url: z.string().nullable().optional() });
/** How the person reached the thread (a link's `ref`, an ad), where the platform says so (decision 079). */
const Referral = z.object({ source: z.string().nullable(), type: z.string().nullable(), ref: z.string().nullable(), adId: z.string().nullable() });

const Payload = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('message.created'),
    messageId: z.string(),
    sender: Person,
    text: z.string().nullable().optional(),
    attachments: z.array(Attachment).optional(),
    replyToMessageId: z.string().nullable().optional(),
    referral: Referral.optional(),
  }),
  z.object({
    kind: z.literal('message.postback'),
    messageId: z.string(),
    sender: Person,
    postbackType: z.enum(['QUICK_REPLY', 'BUTTON']),
    payload: z.string(),
    title: z.string(),
    referral: Referral.optional(),
  }),
  z.object({ kind: z.literal('message.reaction'), sender: Person, messageId: z.string(), reaction: z.string(), action: z.enum(['react', 'unreact']) }),
  z.object({ kind: z.literal('message.read'), sender: Person, watermark: z.string() }),
  // Messenger's delivery receipt: the messages named, and every earlier one up to the watermark.
  z.object({ kind: z.literal('message.delivered'), sender: Person, messageIds: z.array(z.string()).optional(), watermark: z.string() }),
  z.object({ kind: z.literal('message.echo'), messageId: z.string(), recipientId: z.string(), text: z.string().nullable().optional() }),
  z.object({ kind: z.literal('message.edited'), messageId: z.string(), sender: Person, text: z.string() }),
  z.object({ kind: z.literal('message.unsent'), messageId: z.string(), sender: Person }),
]);

type Payload = z.infer<typeof Payload>;

/** Platform attachment kinds in the spec's terms: shares are `POST` on Facebook, `UNKNOWN` on Instagram. */
export function attachmentOf(platform: string, attachment: { type: string; url?: string | null }): MessageAttachment {
  const type = attachment.type.toUpperCase();
  if (type === 'IMAGE' || type === 'VIDEO' || type === 'AUDIO' || type === 'FILE') return { type, url: attachment.url ?? null };
  if (platform === 'FACEBOOK' && (type === 'SHARE' || type === 'POST' || type === 'FALLBACK')) return { type: 'POST', url: attachment.url ?? null };
  return { type: 'UNKNOWN', url: attachment.url ?? null };
}

/**
 * The inbox's consumer of inbound events (runs in the transaction that marks the event processed):
 * messages and taps become INBOUND messages, reopening archived threads; edits, unsends, reactions,
 * read receipts and echoes change what is stored. Each change is announced through the outbox.
 * A thread created without the person's name (Meta's webhooks carry ids only) gets its profile
 * looked up on `jobs` (decision 078).
 */
export async function consumeMessageEvent(tx: Transaction, event: InboundEventRow, jobs?: Pick<JobQueue, 'send'>): Promise<void> {
  const parsed = Payload.safeParse(event.payload);
  if (!parsed.success) return;
  const payload = parsed.data;
  switch (payload.kind) {
    case 'message.created':
      return storeInbound(tx, event, jobs, payload.sender, {
        externalMessageId: payload.messageId,
        text: payload.text ?? '',
        attachments: (payload.attachments ?? []).map((attachment) => attachmentOf(event.platform, attachment)),
        replyToExternalId: payload.replyToMessageId ?? null,
        platformData: payload.referral ? { referral: payload.referral } : {},
      });
    case 'message.postback':
      // A quick-reply tap is a normal message whose text is the label; a button tap is a postback.
      return storeInbound(tx, event, jobs, payload.sender, {
        externalMessageId: payload.messageId,
        text: payload.title,
        attachments: [],
        replyToExternalId: null,
        platformData: {
          ...(payload.postbackType === 'BUTTON' ? { isPostback: true, postbackPayload: payload.payload } : {}),
          ...(payload.referral ? { referral: payload.referral } : {}),
        },
      });
    case 'message.echo':
      return storeEcho(tx, event, jobs, payload);
    case 'message.reaction': {
      const message = await byExternalId(tx, event, payload.messageId);
      if (message) await applyReaction(tx, message, { senderId: payload.sender.id, reaction: payload.reaction, action: payload.action });
      return;
    }
    case 'message.edited': {
      const message = await byExternalId(tx, event, payload.messageId);
      if (message && !message.platformData.isUnsent) {
        await updateMessage(tx, message, {
          text: payload.text,
          platformData: { ...message.platformData, isEdited: true, editedAt: event.occurredAt.toISOString() },
        });
      }
      return;
    }
    case 'message.unsent': {
      const message = await byExternalId(tx, event, payload.messageId);
      if (message) {
        await updateMessage(tx, message, {
          text: '',
          attachments: [],
          platformData: { ...message.platformData, isUnsent: true, unsentAt: event.occurredAt.toISOString() },
        });
      }
      return;
    }
    case 'message.read':
      return applyReadReceipt(tx, event, payload.sender.id, new Date(payload.watermark));
    case 'message.delivered':
      return applyDeliveryReceipt(tx, event, payload.sender.id, new Date(payload.watermark), payload.messageIds ?? []);
  }
}

async function byExternalId(tx: Transaction, event: InboundEventRow, externalMessageId: string): Promise<MessageRow | undefined> {
  const [row] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.socialAccountId, event.socialAccountId), eq(messages.externalMessageId, externalMessageId)));
  return row;
}

/** The thread with this person, created on their first message (announced as `conversation.created`). */
async function threadWith(
  tx: Transaction,
  event: InboundEventRow,
  person: z.infer<typeof Person>,
  now: Date,
): Promise<{ row: ConversationRow; created: boolean }> {
  const [created] = await tx
    .insert(conversations)
    .values({
      organizationId: event.organizationId,
      teamId: event.teamId,
      socialAccountId: event.socialAccountId,
      platform: event.platform,
      externalConversationId: `t_${(event.payload as { recipientExternalId?: string }).recipientExternalId ?? event.socialAccountId}_${person.id}`,
      externalParticipantId: person.id,
      participantUsername: person.username ?? '',
      participantDisplayName: person.name ?? person.username ?? '',
      lastMessageAt: now,
      lastActivityAt: now,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return { row: created, created: true };
  const [row] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.socialAccountId, event.socialAccountId), eq(conversations.externalParticipantId, person.id)))
    .for('update');
  return { row: row!, created: false };
}

type Incoming = {
  externalMessageId: string;
  text: string;
  attachments: MessageAttachment[];
  replyToExternalId: string | null;
  platformData: MessageRow['platformData'];
};

async function storeInbound(
  tx: Transaction,
  event: InboundEventRow,
  jobs: Pick<JobQueue, 'send'> | undefined,
  person: z.infer<typeof Person>,
  incoming: Incoming,
): Promise<void> {
  const now = new Date();
  const thread = await threadWith(tx, event, person, now);
  const replyTarget = incoming.replyToExternalId ? await byExternalId(tx, event, incoming.replyToExternalId) : undefined;
  const [message] = await tx
    .insert(messages)
    .values({
      organizationId: event.organizationId,
      teamId: event.teamId,
      conversationId: thread.row.id,
      socialAccountId: event.socialAccountId,
      platform: event.platform,
      direction: 'INBOUND',
      status: 'DELIVERED',
      source: 'DM',
      externalMessageId: incoming.externalMessageId,
      text: incoming.text,
      attachments: incoming.attachments,
      sentAt: event.occurredAt,
      replyTo: incoming.replyToExternalId
        ? { messageId: replyTarget?.id ?? null, externalMessageId: incoming.replyToExternalId, isSelfReply: replyTarget?.direction === 'INBOUND' }
        : null,
      platformData: incoming.platformData,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!message) return; // the platform redelivered a message already stored
  const lastInboundAt = thread.row.lastInboundAt && thread.row.lastInboundAt > event.occurredAt ? thread.row.lastInboundAt : event.occurredAt;
  const changes: Partial<ConversationRow> = {
    status: 'OPEN', // a new incoming message reopens an archived conversation
    lastInboundAt,
    canReply: true,
    unreadCount: sql`${conversations.unreadCount} + 1` as unknown as number,
    lastMessageAt: now,
    lastActivityAt: now,
    lastMessagePreview: previewOf(message),
    ...(person.name ? { participantDisplayName: person.name } : {}),
    ...(person.username ? { participantUsername: person.username } : {}),
  };
  const [conversation] = await tx.update(conversations).set(changes).where(eq(conversations.id, thread.row.id)).returning();
  if (thread.created && jobs) await scheduleProfileLookup(tx, jobs, conversation!);
  const dto = await presentConversation(tx, conversation!);
  await recordEvents(tx, [
    {
      organizationId: event.organizationId,
      teamId: event.teamId,
      type: thread.created ? 'conversation.created' : 'conversation.updated',
      data: { conversation: dto },
    },
    {
      organizationId: event.organizationId,
      teamId: event.teamId,
      type: 'conversation.message.created',
      data: { message: toMessageDto(message), conversationId: message.conversationId },
    },
  ]);
}

/** What the owner typed in the platform's own app: an outbound message that is not ours to count. */
async function storeEcho(
  tx: Transaction,
  event: InboundEventRow,
  jobs: Pick<JobQueue, 'send'> | undefined,
  payload: Extract<Payload, { kind: 'message.echo' }>,
): Promise<void> {
  const now = new Date();
  const thread = await threadWith(tx, event, { id: payload.recipientId }, now);
  if (thread.created) {
    if (jobs) await scheduleProfileLookup(tx, jobs, thread.row);
    await recordEvent(tx, {
      organizationId: event.organizationId,
      teamId: event.teamId,
      type: 'conversation.created',
      data: { conversation: await presentConversation(tx, thread.row) },
    });
  }
  const [message] = await tx
    .insert(messages)
    .values({
      organizationId: event.organizationId,
      teamId: event.teamId,
      conversationId: thread.row.id,
      socialAccountId: event.socialAccountId,
      platform: event.platform,
      direction: 'OUTBOUND',
      status: 'SENT',
      source: 'ECHO',
      externalMessageId: payload.messageId,
      text: payload.text ?? '',
      sentAt: event.occurredAt,
      platformData: { isEcho: true },
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing() // the echo of a message sent through the service is already stored
    .returning();
  if (!message) return;
  await tx
    .update(conversations)
    .set({ lastMessageAt: now, lastActivityAt: now, lastMessagePreview: previewOf(message) })
    .where(eq(conversations.id, thread.row.id));
  await recordEvent(tx, {
    organizationId: event.organizationId,
    teamId: event.teamId,
    type: 'conversation.message.created',
    data: { message: toMessageDto(message), conversationId: message.conversationId },
  });
}

/**
 * The thread a receipt is about, locked: the send's outcome record locks it too (send-outcome.ts),
 * so a receipt that arrives while a send is being recorded is applied before or after, never lost.
 */
async function receiptThread(tx: Transaction, event: InboundEventRow, participantId: string): Promise<ConversationRow | undefined> {
  const [conversation] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.socialAccountId, event.socialAccountId), eq(conversations.externalParticipantId, participantId)))
    .for('update');
  return conversation;
}

/** The person read the thread up to `watermark`: outbound messages until then are SEEN. */
async function applyReadReceipt(tx: Transaction, event: InboundEventRow, participantId: string, watermark: Date): Promise<void> {
  if (Number.isNaN(watermark.getTime())) return;
  const conversation = await receiptThread(tx, event, participantId);
  if (!conversation) return;
  const seen = await tx
    .update(messages)
    .set({ status: 'SEEN', seenAt: watermark })
    .where(
      and(
        eq(messages.conversationId, conversation.id),
        eq(messages.direction, 'OUTBOUND'),
        inArray(messages.status, ['SENT', 'DELIVERED']),
        lte(messages.createdAt, watermark),
      ),
    )
    .returning();
  await announceUpdates(tx, seen);
  if (!conversation.platformSeenAt || conversation.platformSeenAt < watermark) await updateConversation(tx, conversation, { platformSeenAt: watermark });
}

/**
 * The person's device received the messages named and every earlier one up to `watermark`:
 * SENT outbound messages become DELIVERED (a SEEN or FAILED one keeps its state). The watermark
 * stays on the thread, for a send whose answer is recorded after this receipt.
 */
async function applyDeliveryReceipt(tx: Transaction, event: InboundEventRow, participantId: string, watermark: Date, messageIds: string[]): Promise<void> {
  if (Number.isNaN(watermark.getTime())) return;
  const conversation = await receiptThread(tx, event, participantId);
  if (!conversation) return;
  const delivered = await tx
    .update(messages)
    .set({ status: 'DELIVERED' })
    .where(
      and(
        eq(messages.conversationId, conversation.id),
        eq(messages.direction, 'OUTBOUND'),
        eq(messages.status, 'SENT'),
        messageIds.length ? or(lte(messages.createdAt, watermark), inArray(messages.externalMessageId, messageIds)) : lte(messages.createdAt, watermark),
      ),
    )
    .returning();
  await announceUpdates(tx, delivered);
  if (!conversation.platformDeliveredAt || conversation.platformDeliveredAt < watermark) {
    await tx.update(conversations).set({ platformDeliveredAt: watermark }).where(eq(conversations.id, conversation.id));
  }
}
