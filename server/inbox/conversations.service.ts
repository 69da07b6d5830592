import { and, count, desc, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../db/client';
import { conversations, messages } from '../db/schema/inbox';
import { organizations } from '../db/schema/organizations';
import { recordEvent } from '../events/outbox';
import { AppError, NotFoundError } from '../http/errors';
import { decodeCursor, encodeCursor } from '../http/keyset-cursor';
import { likePattern } from '../http/pagination';
import { accountSummaries } from '../accounts/account-summaries';
import type { PostPlatform } from '../platforms/platform-types';
import { getTeam } from '../teams/teams.service';
import { toConversationDto, toMessageDto, type ConversationRow, type MessageRow } from './inbox-dto';

export type OrgScope = { organizationId: string };

/** DMs are switched on per organization; until then every inbox route answers 404 "Not found". */
export async function requireDms(db: Executor, organizationId: string): Promise<void> {
  const [organization] = await db.select({ dmsEnabled: organizations.dmsEnabled }).from(organizations).where(eq(organizations.id, organizationId));
  if (!organization?.dmsEnabled) throw new AppError(404, 'Not found');
}

/**
 * One page newest first by (`at`, `id`): after the cursor's position, or at `offset` without one.
 * `nextCursor` is the key of the page's last row when more rows follow.
 */
async function keysetPage<T extends typeof conversations | typeof messages>(
  db: Executor,
  table: T,
  key: { at: PgColumn; id: PgColumn; atOf: (row: T['$inferSelect']) => Date },
  filters: SQL | undefined,
  input: { limit: number; offset: number; cursor?: string },
) {
  const position = input.cursor ? decodeCursor(input.cursor) : null;
  const where = position ? and(filters, sql`(${key.at}, ${key.id}) < (${position.at.toISOString()}::timestamptz, ${position.id})`) : filters;
  const rows = (await db
    .select()
    .from(table as typeof conversations)
    .where(where)
    .orderBy(desc(key.at), desc(key.id))
    .offset(position ? 0 : input.offset)
    .limit(input.limit + 1)) as unknown as T['$inferSelect'][];
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > input.limit && last ? encodeCursor(key.atOf(last), last.id) : null;
  return { page, position, nextCursor };
}

export async function presentConversations(db: Executor, rows: ConversationRow[]) {
  const accounts = await accountSummaries(
    db,
    rows.map((row) => row.socialAccountId),
  );
  return rows.map((row) => toConversationDto(row, accounts.get(row.socialAccountId) ?? { id: row.socialAccountId, type: row.platform, username: null }));
}

export async function presentConversation(db: Executor, row: ConversationRow) {
  const [dto] = await presentConversations(db, [row]);
  return dto!;
}

export type ConversationListInput = OrgScope & {
  teamId: string;
  platform?: PostPlatform;
  socialAccountId?: string;
  status?: 'OPEN' | 'ARCHIVED';
  unread?: boolean;
  q?: string;
  limit: number;
  offset: number;
  cursor?: string;
};

export async function listConversations(db: Executor, input: ConversationListInput) {
  await requireDms(db, input.organizationId);
  await getTeam(db, { organizationId: input.organizationId, id: input.teamId });
  const filters = and(
    eq(conversations.organizationId, input.organizationId),
    eq(conversations.teamId, input.teamId),
    input.platform ? eq(conversations.platform, input.platform) : undefined,
    input.socialAccountId ? eq(conversations.socialAccountId, input.socialAccountId) : undefined,
    input.status ? eq(conversations.status, input.status) : undefined,
    input.unread === undefined ? undefined : input.unread ? gt(conversations.unreadCount, 0) : eq(conversations.unreadCount, 0),
    input.q
      ? or(
          ilike(conversations.participantUsername, likePattern(input.q)),
          ilike(conversations.participantDisplayName, likePattern(input.q)),
          eq(conversations.externalParticipantId, input.q),
        )
      : undefined,
  );
  const { page, position, nextCursor } = await keysetPage(
    db,
    conversations,
    { at: conversations.lastActivityAt, id: conversations.id, atOf: (row) => (row as ConversationRow).lastActivityAt },
    filters,
    input,
  );
  const items = await presentConversations(db, page);
  if (position) return { items, nextCursor };
  const [total] = await db.select({ value: count() }).from(conversations).where(filters);
  return { items, total: total?.value ?? 0, nextCursor };
}

export async function getConversationRow(db: Executor, params: OrgScope & { id: string }): Promise<ConversationRow> {
  await requireDms(db, params.organizationId);
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.organizationId, params.organizationId), eq(conversations.id, params.id)));
  if (!row) throw new NotFoundError('Conversation');
  return row;
}

export async function listMessages(db: Executor, input: OrgScope & { id: string; limit: number; offset: number; cursor?: string }) {
  const conversation = await getConversationRow(db, input);
  const filters = eq(messages.conversationId, conversation.id);
  // Newest first to page back in time; each page is then shown oldest first.
  const { page, position, nextCursor } = await keysetPage(
    db,
    messages,
    { at: messages.createdAt, id: messages.id, atOf: (row) => (row as MessageRow).createdAt },
    filters,
    input,
  );
  const items = page.reverse().map(toMessageDto);
  if (position) return { items, nextCursor };
  const [total] = await db.select({ value: count() }).from(messages).where(filters);
  return { items, total: total?.value ?? 0, nextCursor };
}

export async function getMessageRow(db: Executor, conversation: ConversationRow, messageId: string): Promise<MessageRow> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.organizationId, conversation.organizationId), eq(messages.conversationId, conversation.id), eq(messages.id, messageId)));
  if (!row) throw new NotFoundError('Message');
  return row;
}

/** Writes a change of a conversation and announces it (`conversation.updated`) in the same transaction. */
export async function updateConversation(tx: Executor, row: ConversationRow, changes: Partial<ConversationRow>): Promise<ConversationRow> {
  const [updated] = await tx.update(conversations).set(changes).where(eq(conversations.id, row.id)).returning();
  await recordEvent(tx, {
    organizationId: updated!.organizationId,
    teamId: updated!.teamId,
    type: 'conversation.updated',
    data: { conversation: await presentConversation(tx, updated!) },
  });
  return updated!;
}

export async function setConversationStatus(db: Database, params: OrgScope & { id: string; status: 'OPEN' | 'ARCHIVED' }) {
  const row = await getConversationRow(db, params);
  if (row.status === params.status) return row;
  return db.transaction((tx) => updateConversation(tx, row, { status: params.status }));
}

/** Marks messages up to `readAt` as read; an older `readAt` moves only `lastReadAt`. */
export function readChanges(row: ConversationRow, readAt: Date): Partial<ConversationRow> {
  const lastReadAt = row.lastReadAt && row.lastReadAt > readAt ? row.lastReadAt : readAt;
  return readAt.getTime() >= row.lastMessageAt.getTime() ? { lastReadAt, unreadCount: 0 } : { lastReadAt };
}

export { toMessageDto };
