import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { messages } from '../db/schema/inbox';
import { recordEvents } from '../events/outbox';
import { toMessageDto, type MessageRow } from './inbox-dto';

const REACTION_EMOJI: Record<string, string> = { love: '❤️' };

/** Announces later changes of stored messages (`conversation.message.updated`), one event each. */
export async function announceUpdates(tx: Executor, rows: MessageRow[]): Promise<void> {
  await recordEvents(
    tx,
    rows.map((message) => ({
      organizationId: message.organizationId,
      teamId: message.teamId,
      type: 'conversation.message.updated' as const,
      data: { message: toMessageDto(message), conversationId: message.conversationId },
    })),
  );
}

export async function updateMessage(tx: Executor, message: MessageRow, changes: Partial<MessageRow>): Promise<MessageRow> {
  const [updated] = await tx.update(messages).set(changes).where(eq(messages.id, message.id)).returning();
  await announceUpdates(tx, [updated!]);
  return updated!;
}

/** Adds or removes one sender's reaction and announces the change. */
export async function applyReaction(
  tx: Executor,
  message: MessageRow,
  change: { senderId: string; reaction: string; action: 'react' | 'unreact' },
): Promise<MessageRow> {
  const others = (message.platformData.reactions ?? []).filter((reaction) => reaction.senderId !== change.senderId);
  const reactions =
    change.action === 'react' ? [...others, { senderId: change.senderId, reaction: change.reaction, emoji: REACTION_EMOJI[change.reaction] ?? null }] : others;
  return updateMessage(tx, message, { platformData: { ...message.platformData, reactions } });
}
