import { z } from '@hono/zod-openapi';
import { MAX_OFFSET } from '../http/pagination';
import { boundedJson } from '../http/shared/bounded-json';
import { MessageContentInput, QuickReplyInput, ButtonInput, CarouselInput } from './shared/message-content';

const id = z.string().min(1).max(64);
const dateTime = z.string().datetime({ offset: true }).openapi({ example: '2026-12-01T09:30:00.000Z' });
const nullableDate = z.string().nullable();

export const MessagingPlatformEnum = z.enum(['INSTAGRAM', 'FACEBOOK']);

export const ConversationSchema = z
  .object({
    id: z.string(),
    teamId: z.string(),
    socialAccountId: z.string(),
    platform: z.string().openapi({ description: '`INSTAGRAM`, `FACEBOOK`; extensible' }),
    externalConversationId: z.string(),
    externalParticipantId: z.string(),
    participantUsername: z.string(),
    participantDisplayName: z.string(),
    participantAvatarUrl: z.string(),
    status: z.enum(['OPEN', 'ARCHIVED']),
    lastMessageAt: z.string(),
    lastActivityAt: z.string(),
    lastMessagePreview: z.string(),
    lastReadAt: nullableDate,
    unreadCount: z.number().int(),
    platformSeenAt: nullableDate,
    platformData: z.object({
      lastInboundAt: nullableDate,
      canReply: z.boolean(),
      humanAgentReplyUntil: nullableDate.optional().openapi({
        description:
          'Our extension. Until when a person may still answer after the 24-hour window, sent with the platform’s human-agent tag ' +
          '(Meta’s HUMAN_AGENT, where the service is approved for it); null where the account offers no such window. ' +
          'On the conversation routes’ answers, not in webhook events.',
      }),
    }),
    socialAccount: z.object({ id: z.string(), type: z.string(), username: z.string().nullable() }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Conversation');

const ReactionSchema = z.object({ senderId: z.string(), reaction: z.string(), emoji: z.string().nullable() });

export const MessageSchema = z
  .object({
    id: z.string(),
    conversationId: z.string(),
    teamId: z.string(),
    socialAccountId: z.string(),
    platform: z.string(),
    direction: z.enum(['INBOUND', 'OUTBOUND']),
    status: z.enum(['PENDING', 'SENT', 'DELIVERED', 'SEEN', 'FAILED']),
    source: z.string().openapi({ description: '`DM`, `API`, `PRIVATE_REPLY`, `ECHO`; extensible' }),
    externalMessageId: z.string().nullable(),
    text: z.string(),
    attachments: z.array(z.object({ type: z.string(), url: z.string().nullable().optional() })),
    sentAt: nullableDate,
    seenAt: nullableDate,
    failedAt: nullableDate,
    error: z.string().nullable(),
    replyTo: z.object({ messageId: z.string().nullable(), externalMessageId: z.string().nullable(), isSelfReply: z.boolean() }).nullable(),
    privateReplyContext: z.record(z.unknown()).nullable(),
    platformData: z
      .object({
        reactions: z.array(ReactionSchema),
        isEdited: z.boolean().optional(),
        editedAt: z.string().optional(),
        isUnsent: z.boolean().optional(),
        unsentAt: z.string().optional(),
        quickReplies: z.array(z.unknown()).optional(),
        buttons: z.array(z.unknown()).optional(),
        carousel: z.unknown().optional(),
        isPostback: z.boolean().optional(),
        postbackPayload: z.string().optional(),
        isEcho: z.boolean().optional(),
        referral: z
          .object({ source: z.string().nullable(), type: z.string().nullable(), ref: z.string().nullable(), adId: z.string().nullable() })
          .optional()
          .openapi({ description: 'How the person reached the thread (a link’s ref, an ad), on the Instagram or Facebook message or tap it came with' }),
      })
      .passthrough(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Message');

const pagingFields = {
  limit: z.coerce.number().int().min(1).max(500).default(10).openapi({ example: 10 }),
  offset: z.coerce.number().int().min(0).max(MAX_OFFSET).default(0).openapi({ example: 0 }),
  cursor: z.string().min(1).max(500).optional().openapi({ description: '`nextCursor` of the previous page; not with a non-zero `offset`' }),
};

const noCursorWithOffset = <T extends { cursor?: string; offset: number }>(query: T) => !(query.cursor && query.offset > 0);
const cursorIssue = { message: 'Use either cursor or offset, not both', path: ['cursor'] };

const booleanQuery = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();

export const ConversationListQuery = z
  .object({
    teamId: id,
    platform: MessagingPlatformEnum.optional(),
    socialAccountId: id.optional(),
    status: z.enum(['OPEN', 'ARCHIVED']).optional(),
    unread: booleanQuery.openapi({ type: 'string', enum: ['true', 'false'], description: 'Only conversations with (or without) unread messages' }),
    q: z.string().trim().min(1).max(200).optional().openapi({ description: 'Search participants by username or display name' }),
    ...pagingFields,
  })
  .strict()
  .refine(noCursorWithOffset, cursorIssue);

export const MessageListQuery = z
  .object({ ...pagingFields })
  .strict()
  .refine(noCursorWithOffset, cursorIssue);

export const ConversationListSchema = z
  .object({
    items: z.array(ConversationSchema),
    total: z.number().int().optional().openapi({ description: 'Only on the first page (no cursor)' }),
    nextCursor: z.string().nullable().openapi({ description: 'null at the end' }),
  })
  .openapi('ConversationList');

export const MessageListSchema = z
  .object({
    items: z.array(MessageSchema),
    total: z.number().int().optional(),
    nextCursor: z.string().nullable(),
  })
  .openapi('MessageList');

export const ConversationIdParams = z.object({ id: id.openapi({ param: { name: 'id', in: 'path' } }) });
export const MessageIdParams = z.object({
  id: id.openapi({ param: { name: 'id', in: 'path' } }),
  messageId: id.openapi({ param: { name: 'messageId', in: 'path' } }),
});
export const RichConversationParams = z.object({ conversationId: id.openapi({ param: { name: 'conversationId', in: 'path' } }) });

export const ReadBody = z.object({ readAt: dateTime.optional() }).strict().openapi('ReadConversation');
export const UpdateConversationBody = z
  .object({ status: z.enum(['OPEN', 'ARCHIVED']) })
  .strict()
  .openapi('UpdateConversation');

export const MessageContentSchema = MessageContentInput.openapi('MessageContent');

export const SendMessageBody = z.object({ content: MessageContentSchema, replyToMessageId: id.optional() }).strict().openapi('SendMessage');

export const SendResultSchema = z.object({ conversation: ConversationSchema, message: MessageSchema, conflict: z.boolean() }).openapi('SendMessageResult');

export const ReactionBody = z
  .object({ action: z.enum(['REACT', 'UNREACT']), reaction: z.string().min(1).max(32).default('love') })
  .strict()
  .openapi('MessageReaction');

export const PrivateReplyBody = z
  .object({
    teamId: id,
    fetchedCommentId: id,
    content: z
      .object({
        text: z.string().min(1).max(4000),
        // Taken only to be refused with a clear message; still bounded, as every free-form field.
        attachments: boundedJson(z.array(z.unknown())).optional().openapi({ description: 'Refused: private replies are text only' }),
        carousel: boundedJson(z.unknown()).optional().openapi({ description: 'Refused: private replies are text only' }),
      })
      .strict(),
  })
  .strict()
  .openapi('PrivateReply');

export const RichMessageBody = z
  .object({
    teamId: id,
    message: z
      .object({
        text: z.string().min(1).max(4000).optional(),
        attachments: z
          .array(z.object({ uploadId: id, type: z.enum(['IMAGE', 'VIDEO', 'AUDIO', 'FILE']).optional() }).strict())
          .max(10)
          .optional(),
        quickReplies: z.array(QuickReplyInput).max(13).optional(),
        buttons: z.array(ButtonInput).max(3).optional(),
        carousel: CarouselInput.optional(),
      })
      .strict(),
  })
  .strict()
  .openapi('AutomationRichMessage');

export const RichMessageResultSchema = z
  .object({ conversationId: z.string(), messageId: z.string(), externalMessageId: z.string().nullable() })
  .openapi('AutomationRichMessageResult');
