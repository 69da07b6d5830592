import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { conversations, messages } from '../db/schema/inbox';
import type { JobQueue } from '../jobs/job-queue';
import { updateConversation } from './conversations.service';
import type { ConversationRow, MessageRow } from './inbox-dto';
import { announceUpdates } from './message-changes';
import { scheduleProfileLookup } from './participant-profile';

/**
 * A private reply's thread under the person's DM id (decision 078). The reply is recorded on a
 * thread keyed by the comment's author id before the platform is called; Meta answers with the
 * recipient's PSID (Messenger) or IGSID (Instagram), which is the id their answer will carry, and
 * on Facebook that is not the id comments show. So, in the transaction that records the outcome:
 * - no thread with that id yet: the thread takes it (and the person's answer lands there);
 * - the person's thread exists (they wrote before, or their answer arrived first): the reply's
 *   messages move into it and the waiting thread goes.
 * Both announce `conversation.updated` (and moved messages `conversation.message.updated`).
 */
export async function adoptRecipient(
  tx: Executor,
  recorded: { conversation: ConversationRow; message: MessageRow },
  recipientId: string,
  jobs: Pick<JobQueue, 'send'>,
): Promise<{ conversation: ConversationRow; message: MessageRow }> {
  const waiting = recorded.conversation;
  if (!recipientId || waiting.externalParticipantId === recipientId) return recorded;
  const [theirs] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.socialAccountId, waiting.socialAccountId), eq(conversations.externalParticipantId, recipientId)))
    .for('update');

  if (!theirs) {
    const suffix = `_${waiting.externalParticipantId}`;
    const base = waiting.externalConversationId.endsWith(suffix) ? waiting.externalConversationId.slice(0, -suffix.length) : waiting.externalConversationId;
    const conversation = await updateConversation(tx, waiting, { externalParticipantId: recipientId, externalConversationId: `${base}_${recipientId}` });
    await scheduleProfileLookup(tx, jobs, conversation);
    return { conversation, message: recorded.message };
  }

  const moved = await tx.update(messages).set({ conversationId: theirs.id }).where(eq(messages.conversationId, waiting.id)).returning();
  await tx.delete(conversations).where(eq(conversations.id, waiting.id));
  const newer = recorded.message.createdAt > theirs.lastMessageAt;
  const conversation = await updateConversation(tx, theirs, {
    ...(newer ? { lastMessageAt: waiting.lastMessageAt, lastMessagePreview: waiting.lastMessagePreview } : {}),
    lastActivityAt: waiting.lastActivityAt > theirs.lastActivityAt ? waiting.lastActivityAt : theirs.lastActivityAt,
    participantDisplayName: theirs.participantDisplayName || waiting.participantDisplayName,
  });
  await announceUpdates(tx, moved);
  return { conversation, message: moved.find((row) => row.id === recorded.message.id) ?? { ...recorded.message, conversationId: theirs.id } };
}
