import type { AccountSummary } from '../accounts/account-summaries';
import type { conversations, messages } from '../db/schema/inbox';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toConversationDto(row: ConversationRow, account: AccountSummary) {
  return {
    id: row.id,
    teamId: row.teamId,
    socialAccountId: row.socialAccountId,
    platform: row.platform,
    externalConversationId: row.externalConversationId,
    externalParticipantId: row.externalParticipantId,
    participantUsername: row.participantUsername,
    participantDisplayName: row.participantDisplayName,
    participantAvatarUrl: row.participantAvatarUrl,
    status: row.status,
    lastMessageAt: row.lastMessageAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
    lastMessagePreview: row.lastMessagePreview,
    lastReadAt: iso(row.lastReadAt),
    unreadCount: row.unreadCount,
    platformSeenAt: iso(row.platformSeenAt),
    platformData: { lastInboundAt: iso(row.lastInboundAt), canReply: row.canReply },
    socialAccount: account,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toMessageDto(row: MessageRow) {
  return {
    id: row.id,
    conversationId: row.conversationId,
    teamId: row.teamId,
    socialAccountId: row.socialAccountId,
    platform: row.platform,
    direction: row.direction,
    status: row.status,
    source: row.source,
    externalMessageId: row.externalMessageId,
    text: row.text,
    attachments: row.attachments.map((attachment) => ({ type: attachment.type, url: attachment.url ?? null })),
    sentAt: iso(row.sentAt),
    seenAt: iso(row.seenAt),
    failedAt: iso(row.failedAt),
    error: row.error,
    replyTo: row.replyTo ?? null,
    privateReplyContext: (row.privateReplyContext as Record<string, unknown> | null) ?? null,
    platformData: { ...row.platformData, reactions: row.platformData.reactions ?? [] },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the list shows for a message: its text, or what it carries. */
export function previewOf(row: Pick<MessageRow, 'text' | 'attachments' | 'platformData'>): string {
  if (row.platformData.isUnsent) return 'Message unsent';
  if (row.text) return row.text.slice(0, 200);
  if (row.platformData.carousel) return 'Carousel';
  const attachment = row.attachments[0];
  return attachment ? `Attachment: ${attachment.type.toLowerCase()}` : '';
}
