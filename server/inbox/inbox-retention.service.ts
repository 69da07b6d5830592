import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { conversations, messages } from '../db/schema/inbox';

export const MESSAGE_RETENTION_MS = 30 * 24 * 3600_000;
const BATCH = 5000;

/**
 * Deletes in batches (a large backlog never holds one long transaction). A conversation's row goes
 * with its remaining messages once it has had no activity for 30 days.
 */
export async function purgeOldMessages(db: Executor, scope: { now: Date; organizationId?: string }): Promise<{ messages: number; conversations: number }> {
  const cutoff = new Date(scope.now.getTime() - MESSAGE_RETENTION_MS);
  const org = (column: typeof messages.organizationId | typeof conversations.organizationId) =>
    scope.organizationId ? eq(column, scope.organizationId) : undefined;
  let removedMessages = 0;
  for (;;) {
    const due = db
      .select({ id: messages.id })
      .from(messages)
      .where(and(lt(messages.createdAt, cutoff), org(messages.organizationId)))
      .limit(BATCH);
    const removed = await db
      .delete(messages)
      .where(sql`${messages.id} in (${due})`)
      .returning({ id: messages.id });
    removedMessages += removed.length;
    if (removed.length < BATCH) break;
  }
  const removedConversations = await db
    .delete(conversations)
    .where(and(lt(conversations.lastActivityAt, cutoff), org(conversations.organizationId)))
    .returning({ id: conversations.id });
  return { messages: removedMessages, conversations: removedConversations.length };
}
