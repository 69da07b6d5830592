import { and, eq, gt, ne } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { conversations, messages, privateReplyClaims } from '../db/schema/inbox';
import { recordEvent } from '../events/outbox';
import { previewOf, toMessageDto, type ConversationRow, type MessageRow } from './inbox-dto';
import { updateMessage } from './message-changes';
import { releaseMessageSlot } from './messaging-quota';

/**
 * The send's idempotency key at the platform: the message row written before the call is the
 * intent record, so its id is the key (as a post target's id and version are for publishing).
 */
export const intentKeyOf = (message: Pick<MessageRow, 'id'>) => `dm:${message.id}`;

export type SendOutcome =
  | { kind: 'SENT'; externalMessageId: string; sentAt: Date }
  /** `mayHaveArrived`: a transient failure; a private reply's claim then stays closed (429). */
  | { kind: 'FAILED'; error: string; mayHaveArrived: boolean };

/** The platform's receipts may have arrived before the send's answer was recorded: its watermarks say how far it got. */
function reachedBy(conversation: ConversationRow, message: MessageRow): { status: 'DELIVERED' } | { status: 'SEEN'; seenAt: Date } | null {
  if (conversation.platformSeenAt && conversation.platformSeenAt >= message.createdAt) return { status: 'SEEN', seenAt: conversation.platformSeenAt };
  if (conversation.platformDeliveredAt && conversation.platformDeliveredAt >= message.createdAt) return { status: 'DELIVERED' };
  return null;
}

/**
 * Records what became of a PENDING send, once: by the request that made the call, or by the
 * reconciler after a crash. SENT, or FAILED with the reason (its quota slot given back, the message
 * kept in the thread); a private reply's claim follows. `conversation.message.created` announces
 * it with that status, and a receipt that arrived first moves it on with `conversation.message.updated`.
 * Answers null when the message was no longer PENDING (the other party recorded it first).
 */
export async function recordSendOutcome(
  tx: Executor,
  pending: MessageRow,
  outcome: SendOutcome,
): Promise<{ conversation: ConversationRow; message: MessageRow } | null> {
  // The thread's row first: receipts lock it too, so a receipt and this record are ordered.
  const [locked] = await tx.select().from(conversations).where(eq(conversations.id, pending.conversationId)).for('update');
  const now = new Date();
  const [stillPending] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, pending.id), eq(messages.status, 'PENDING')))
    .for('update');
  if (outcome.kind === 'SENT' && stillPending) {
    // The platform's echo of this very send can arrive before its answer is recorded (Instagram's
    // echoes carry nothing that names the sender app, decision 075): the echo gives way to the send.
    await tx
      .delete(messages)
      .where(
        and(eq(messages.socialAccountId, pending.socialAccountId), eq(messages.externalMessageId, outcome.externalMessageId), eq(messages.source, 'ECHO')),
      );
  }
  const [recorded] = await tx
    .update(messages)
    .set(
      outcome.kind === 'SENT'
        ? { status: 'SENT', sentAt: outcome.sentAt, externalMessageId: outcome.externalMessageId }
        : { status: 'FAILED', failedAt: now, error: outcome.error },
    )
    .where(and(eq(messages.id, pending.id), eq(messages.status, 'PENDING')))
    .returning();
  if (!recorded || !locked) return null;
  if (outcome.kind === 'FAILED') await releaseMessageSlot(tx, recorded.socialAccountId, recorded.createdAt);
  // The thread shows it last unless a later message came meanwhile (or a reconciled one is old).
  const [later] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, locked.id), gt(messages.createdAt, recorded.createdAt), ne(messages.id, recorded.id)))
    .limit(1);
  const [conversation] = later
    ? [locked]
    : await tx
        .update(conversations)
        .set({ lastMessageAt: now, lastActivityAt: now, lastMessagePreview: previewOf(recorded) })
        .where(eq(conversations.id, locked.id))
        .returning();
  const fetchedCommentId = recorded.privateReplyContext?.fetchedCommentId;
  if (recorded.source === 'PRIVATE_REPLY' && fetchedCommentId) {
    const state = outcome.kind === 'SENT' ? 'SENT' : outcome.mayHaveArrived ? 'UNKNOWN' : 'FAILED';
    await tx.update(privateReplyClaims).set({ state, messageId: recorded.id }).where(eq(privateReplyClaims.fetchedCommentId, fetchedCommentId));
  }
  await recordEvent(tx, {
    organizationId: recorded.organizationId,
    teamId: recorded.teamId,
    type: 'conversation.message.created',
    data: { message: toMessageDto(recorded), conversationId: recorded.conversationId },
  });
  const further = outcome.kind === 'SENT' ? reachedBy(conversation!, recorded) : null;
  if (!further) return { conversation: conversation!, message: recorded };
  return { conversation: conversation!, message: await updateMessage(tx, recorded, further) };
}
