import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { conversations, messages } from '../db/schema/inbox';
import { socialAccounts } from '../db/schema/social-accounts';
import { BadRequestError, NotFoundError } from '../http/errors';
import { randomPerson } from '../platforms/sandbox-connector/names';
import type { PostPlatform } from '../platforms/platform-types';

type NewConversation = typeof conversations.$inferInsert;
type NewMessage = typeof messages.$inferInsert;

// Rows per INSERT: well under Postgres's 65,535 bound parameters for these column counts.
const CHUNK = 1000;
const SPACING_MS = 60_000;
const THREAD_SPACING_MS = 30_000;
const LINES = [
  'Hi! Are you open today?',
  'Do you ship abroad?',
  'Thanks, got it!',
  'Is this still available?',
  'Can I book for Saturday?',
  'Love the new collection',
];
const ANSWERS = [
  'Yes, until 6 pm.',
  'We do, within the EU.',
  'You are welcome!',
  'It is, shall we keep one for you?',
  'Saturday works, what time?',
  'Thank you so much!',
];

export type SeedInboxInput = { organizationId: string; socialAccountId: string; conversations: number; threadMessages: number };

/**
 * A seeding tool for scale checks and demos (the operator CLI's `seed-inbox`), not a way activity
 * enters the product: real DMs arrive one by one through the ingestion path, while this writes
 * the same rows a consumer would leave (each thread with its person, its last message, preview,
 * unread count and 24-hour window) thousands per statement. It records no events (no webhooks,
 * no live updates) and takes no message quota. One conversation, the newest, can get a long
 * thread of `threadMessages` messages, alternating between the person and the page.
 */
export async function seedInbox(db: Database, input: SeedInboxInput) {
  const [account] = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.organizationId, input.organizationId), eq(socialAccounts.id, input.socialAccountId), isNull(socialAccounts.deletedAt)));
  if (!account) throw new NotFoundError('Social account');
  if (account.type !== 'INSTAGRAM' && account.type !== 'FACEBOOK') throw new BadRequestError('Only Instagram and Facebook accounts have an inbox');

  const batch = newId().slice(0, 8);
  const now = Date.now();
  const base = { organizationId: account.organizationId, teamId: account.teamId, socialAccountId: account.id, platform: account.type };
  const threads: NewConversation[] = [];
  const lastMessages: NewMessage[] = [];
  for (let i = 0; i < input.conversations; i++) {
    const person = randomPerson();
    const at = new Date(now - i * SPACING_MS);
    const conversationId = newId();
    const participantId = `seed-${batch}-${i}`;
    const text = LINES[i % LINES.length]!;
    threads.push({
      ...base,
      id: conversationId,
      externalConversationId: `t_${account.externalId}_${participantId}`,
      externalParticipantId: participantId,
      participantUsername: person.handle,
      participantDisplayName: person.name,
      lastMessageAt: at,
      lastActivityAt: at,
      lastMessagePreview: text,
      lastInboundAt: at,
      unreadCount: i % 3 === 0 ? 1 : 0,
      lastReadAt: i % 3 === 0 ? null : at,
      createdAt: at,
      updatedAt: at,
    });
    lastMessages.push(inbound({ ...base, conversationId, externalMessageId: `m_seed_${batch}_${i}`, text, at }));
  }
  const threadConversationId = input.threadMessages > 0 ? (threads[0]?.id ?? null) : null;
  const thread = threadConversationId ? longThread({ ...base, conversationId: threadConversationId }, batch, input.threadMessages, now) : [];
  if (threadConversationId) lastMessages.shift(); // the long thread ends with its own last message

  await db.transaction(async (tx) => {
    for (let i = 0; i < threads.length; i += CHUNK) await tx.insert(conversations).values(threads.slice(i, i + CHUNK));
    const all = [...lastMessages, ...thread];
    for (let i = 0; i < all.length; i += CHUNK) await tx.insert(messages).values(all.slice(i, i + CHUNK));
    if (threadConversationId && thread.length) {
      const last = thread.at(-1)!;
      await tx
        .update(conversations)
        .set({ lastMessagePreview: last.text!, lastInboundAt: thread.findLast((m) => m.direction === 'INBOUND')?.createdAt ?? null })
        .where(eq(conversations.id, threadConversationId));
    }
  });
  return {
    socialAccountId: account.id,
    teamId: account.teamId,
    conversations: threads.length,
    messages: lastMessages.length + thread.length,
    threadConversationId,
  };
}

type Base = { organizationId: string; teamId: string; socialAccountId: string; platform: PostPlatform; conversationId: string };

function inbound(row: Base & { externalMessageId: string; text: string; at: Date }): NewMessage {
  const { at, ...rest } = row;
  return { ...rest, direction: 'INBOUND', status: 'DELIVERED', source: 'DM', sentAt: at, createdAt: at, updatedAt: at };
}

/** `count` messages ending at `now`, oldest first: the person writes, the page answers (seen, but the last). */
function longThread(base: Base, batch: string, count: number, now: number): NewMessage[] {
  return Array.from({ length: count }, (_, index) => {
    const at = new Date(now - (count - 1 - index) * THREAD_SPACING_MS);
    const externalMessageId = `m_seed_${batch}_t${index}`;
    const line = index % LINES.length;
    if (index % 2 === 0) return inbound({ ...base, externalMessageId, text: `${LINES[line]} (#${index + 1})`, at });
    const status = index === count - 1 ? 'DELIVERED' : 'SEEN';
    return {
      ...base,
      externalMessageId,
      direction: 'OUTBOUND',
      status,
      source: 'API',
      text: `${ANSWERS[line]} (#${index + 1})`,
      sentAt: at,
      seenAt: status === 'SEEN' ? at : null,
      createdAt: at,
      updatedAt: at,
    };
  });
}
