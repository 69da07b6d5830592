import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns';
import { fetchedComments } from './comments';
import { organizations } from './organizations';
import { socialAccounts } from './social-accounts';
import type { PostPlatform } from '../../platforms/platform-types';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

export type MessageAttachment = { type: 'IMAGE' | 'VIDEO' | 'AUDIO' | 'FILE' | 'POST' | 'UNKNOWN'; url?: string | null };
export type MessageReaction = { senderId: string; reaction: string; emoji: string | null };
export type MessagePlatformData = {
  reactions?: MessageReaction[];
  isEdited?: boolean;
  editedAt?: string;
  isUnsent?: boolean;
  unsentAt?: string;
  quickReplies?: unknown[];
  buttons?: unknown[];
  carousel?: unknown;
  isPostback?: boolean;
  postbackPayload?: string;
  isEcho?: boolean;
  /** How the person reached the thread (an m.me/ig.me link's `ref`, an ad), on the message or tap it came with. */
  referral?: { source: string | null; type: string | null; ref: string | null; adId: string | null };
};
export type MessageReplyTo = { messageId: string | null; externalMessageId: string | null; isSelfReply: boolean };
export type PrivateReplyContext = {
  fetchedCommentId: string;
  commentExternalId: string;
  text: string | null;
  authorName: string | null;
  postPermalink: string | null;
  postThumbnailUrl: string | null;
  commentedAt: string | null;
};

/** One DM thread between a connected account (or page) and one person. */
export const conversations = pgTable(
  'conversations',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    teamId: text().notNull(),
    socialAccountId: text()
      .notNull()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    platform: text().$type<PostPlatform>().notNull(),
    externalConversationId: text().notNull(),
    externalParticipantId: text().notNull(),
    participantUsername: text().notNull().default(''),
    participantDisplayName: text().notNull().default(''),
    participantAvatarUrl: text().notNull().default(''),
    status: text({ enum: ['OPEN', 'ARCHIVED'] })
      .notNull()
      .default('OPEN'),
    lastMessageAt: at().notNull().defaultNow(),
    lastActivityAt: at().notNull().defaultNow(),
    lastMessagePreview: text().notNull().default(''),
    lastReadAt: at(),
    unreadCount: integer().notNull().default(0),
    platformSeenAt: at(),
    /**
     * The platform's delivery watermark: outbound messages created up to it reached the person.
     * Kept so a send whose outcome is recorded after the receipt arrived is stored DELIVERED.
     */
    platformDeliveredAt: at(),
    /** When the person last wrote: the 24-hour window runs from here. */
    lastInboundAt: at(),
    /** False while a private reply started the thread and the person has not answered. */
    canReply: boolean().notNull().default(true),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('conversations_account_participant_unique').on(table.socialAccountId, table.externalParticipantId),
    index('conversations_team_activity_idx').on(table.organizationId, table.teamId, table.lastActivityAt, table.id),
    index('conversations_activity_idx').on(table.lastActivityAt),
  ],
);

/** A message of a conversation, either direction; outbound ones are written (PENDING) before the platform is called. */
export const messages = pgTable(
  'messages',
  {
    id: idColumn(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    teamId: text().notNull(),
    conversationId: text()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    socialAccountId: text().notNull(),
    platform: text().$type<PostPlatform>().notNull(),
    direction: text({ enum: ['INBOUND', 'OUTBOUND'] }).notNull(),
    status: text({ enum: ['PENDING', 'SENT', 'DELIVERED', 'SEEN', 'FAILED'] }).notNull(),
    source: text({ enum: ['DM', 'API', 'PRIVATE_REPLY', 'ECHO'] }).notNull(),
    externalMessageId: text(),
    text: text().notNull().default(''),
    attachments: jsonb().$type<MessageAttachment[]>().notNull().default([]),
    sentAt: at(),
    seenAt: at(),
    failedAt: at(),
    error: text(),
    replyTo: jsonb().$type<MessageReplyTo>(),
    privateReplyContext: jsonb().$type<PrivateReplyContext>(),
    platformData: jsonb().$type<MessagePlatformData>().notNull().default({}),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('messages_account_external_unique').on(table.socialAccountId, table.externalMessageId),
    index('messages_conversation_idx').on(table.conversationId, table.createdAt, table.id),
    index('messages_created_idx').on(table.createdAt),
    // The reconciler's sweep: only the few sends whose outcome is not recorded yet.
    index('messages_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'PENDING'`),
  ],
);

/**
 * One private reply per fetched comment. The claim is taken before the platform is called, so a
 * repeat never sends twice: SENT answers the earlier message, FAILED is retried, IN_FLIGHT and
 * UNKNOWN (the platform may have delivered it) refuse with 429.
 */
export const privateReplyClaims = pgTable('private_reply_claims', {
  fetchedCommentId: text()
    .primaryKey()
    .references(() => fetchedComments.id, { onDelete: 'cascade' }),
  organizationId: text()
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  state: text({ enum: ['IN_FLIGHT', 'SENT', 'FAILED', 'UNKNOWN'] }).notNull(),
  messageId: text(),
  ...timestamps(),
});

/**
 * Outbound messages counted against the monthly quota, per account and UTC month. Messages
 * themselves are deleted after 30 days, so the meter is kept apart; a failed send gives its slot back.
 */
export const messagingUsage = pgTable(
  'messaging_usage',
  {
    socialAccountId: text()
      .notNull()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    month: date({ mode: 'string' }).notNull(),
    used: integer().notNull().default(0),
  },
  (table) => [uniqueIndex('messaging_usage_account_month_unique').on(table.socialAccountId, table.month)],
);
