import { offsetPaginationQuery } from '../http/pagination';
import { z } from '@hono/zod-openapi';
import { AccountTypeSchema } from '../accounts/accounts.schemas';
import { SANDBOX_OPERATIONS } from '../platforms/sandbox-connector/operations';

const id = z.string().min(1).max(64);
const text = (max: number) => z.string().trim().min(1).max(max);
const person = {
  senderId: z.string().min(1).max(100).optional().openapi({ description: 'Platform id of the person; a new one if omitted' }),
  senderName: z.string().min(1).max(100).optional(),
};

export const SandboxAccountBody = z
  .object({
    teamId: id,
    type: AccountTypeSchema,
    username: z
      .string()
      .trim()
      .min(2)
      .max(60)
      .regex(/^@?[A-Za-z0-9._-]+$/, 'letters, digits, dots, dashes and underscores')
      .optional(),
    grantMessaging: z.boolean().optional().openapi({ description: 'Grant messaging permissions (honoured only when the organization is enabled for DMs)' }),
    channelName: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .openapi({ description: 'Page, channel, board or subreddit to create if missing and select where the platform selects one' }),
    instagramConnectionMethod: z
      .enum(['FACEBOOK', 'INSTAGRAM'])
      .optional()
      .openapi({ description: 'INSTAGRAM: how the account logs in (Facebook Login through a Page, or Instagram Login)' }),
  })
  .strict()
  .openapi('SandboxConnectAccount');

export const SANDBOX_FORMATS = ['TEXT', 'IMAGE', 'VIDEO', 'CAROUSEL', 'SHORT', 'STORY'] as const;

export const SandboxItemBody = z
  .object({
    socialAccountId: id,
    text: text(5000).optional(),
    channelId: z.string().min(1).max(200).optional(),
    format: z
      .enum(SANDBOX_FORMATS)
      .optional()
      .openapi({ description: 'What the owner posts (default TEXT): media get sizes and pictures; refused where the platform has no such format' }),
    publishedAt: z.string().datetime({ offset: true }).optional().openapi({ description: 'When it was published (now or earlier), for history' }),
  })
  .strict()
  .openapi('SandboxPublishItem');

export const SandboxHistoryBody = z
  .object({
    socialAccountId: id,
    count: z.number().int().min(1).max(200).openapi({ description: 'Posts to create' }),
    months: z.number().int().min(1).max(36).default(6).openapi({ description: 'Spread evenly over this many past months' }),
  })
  .strict()
  .openapi('SandboxSeedHistory');

export const SandboxItemSchema = z
  .object({ id: z.string(), externalId: z.string(), permalink: z.string().nullable(), text: z.string().nullable(), createdAt: z.string() })
  .openapi('SandboxItem');

export const SandboxItemsQuery = z
  .object({
    socialAccountId: id,
    kind: z.enum(['POST', 'COMMENT']).optional(),
    offset: offsetPaginationQuery.offset,
    limit: z.coerce.number().int().min(1).max(500).default(50),
  })
  .strict();

export const SandboxItemListSchema = z
  .object({
    items: z.array(
      SandboxItemSchema.extend({
        kind: z.enum(['POST', 'COMMENT']),
        parentId: z.string().nullable(),
        authorExternalId: z.string(),
        authorUsername: z.string(),
        authorName: z.string().nullable(),
        likeCount: z.number().int().openapi({ description: 'Likes from people, plus the account’s own' }),
        likedByOwner: z.boolean(),
        hiddenAt: z.string().nullable(),
        // What changed on the platform after publishing: edits, deletions, reposts (`metadata.repostOf`)...
        editedAt: z.string().nullable(),
        deletedAt: z.string().nullable(),
        metadata: z.record(z.unknown()),
      }),
    ),
    total: z.number().int(),
  })
  .openapi('SandboxItemList');

export const CommentBody = z
  .object({
    socialAccountId: id,
    text: text(2200),
    itemId: id.optional().openapi({ description: 'Sandbox item to comment on; the latest post (or a new one) if omitted' }),
    parentCommentId: id.optional().openapi({ description: 'Sandbox comment to reply to' }),
    authorName: z.string().min(1).max(100).optional(),
    authorId: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .openapi({ description: 'Platform id of the commenter: the same id is the same person; a new one if omitted' }),
  })
  .strict()
  .openapi('SandboxInboundComment');

export const CommentEditBody = z
  .object({ socialAccountId: id, commentId: id.openapi({ description: 'Sandbox comment (item id) someone else wrote' }), text: text(2200) })
  .strict()
  .openapi('SandboxInboundCommentEdit');

export const CommentDeleteBody = z
  .object({ socialAccountId: id, commentId: id.openapi({ description: 'Sandbox comment (item id) someone else wrote' }) })
  .strict()
  .openapi('SandboxInboundCommentDelete');

export const CommentLikeBody = z
  .object({ socialAccountId: id, commentId: id, count: z.number().int().min(1).max(1000).default(1).openapi({ description: 'How many people like it' }) })
  .strict()
  .openapi('SandboxInboundCommentLike');

const Attachment = z
  .object({
    type: z
      .enum(['image', 'video', 'audio', 'file', 'share', 'story_mention'])
      .openapi({ description: '`share`: a shared post or reel; `story_mention` (Instagram)' }),
    url: z.string().url().max(2048),
  })
  .strict();

export const MessageBody = z
  .object({
    socialAccountId: id,
    text: text(1000).optional(),
    attachments: z.array(Attachment).max(10).optional(),
    replyToMessageId: z.string().min(1).max(200).optional().openapi({ description: 'Platform id of the message this one answers' }),
    ...person,
  })
  .strict()
  .refine((body) => body.text !== undefined || (body.attachments?.length ?? 0) > 0, { message: 'send text or at least one attachment', path: ['text'] })
  .openapi('SandboxInboundMessage');

/** Many people writing at once: one webhook carrying every message, as Meta batches entries. */
export const MessageBatchBody = z
  .object({
    socialAccountId: id,
    messages: z
      .array(z.object({ text: text(1000), ...person }).strict())
      .min(1)
      .max(500),
  })
  .strict()
  .openapi('SandboxInboundMessageBatch');

const MESSAGE_TAPS = ['QUICK_REPLY', 'BUTTON'] as const;
/** Taps on what the page's own DM screen shows, rather than on a message's buttons. */
export const PROFILE_TAPS = ['ICE_BREAKER', 'MENU_ITEM', 'GET_STARTED'] as const;
export type ProfileTap = (typeof PROFILE_TAPS)[number];

export const PostbackBody = z
  .object({
    socialAccountId: id,
    kind: z.enum([...MESSAGE_TAPS, ...PROFILE_TAPS]).openapi({
      description:
        'A quick reply or button of a message, or what the page itself shows: an Instagram ice breaker, a Facebook persistent menu item or Get Started button (these must be synced with that payload)',
    }),
    payload: z.string().min(1).max(1000),
    title: z
      .string()
      .min(1)
      .max(80)
      .optional()
      .openapi({ description: 'The label tapped; required for quick replies and buttons, taken from the page’s setting otherwise' }),
    ...person,
  })
  .strict()
  .refine((body) => body.title !== undefined || !(MESSAGE_TAPS as readonly string[]).includes(body.kind), {
    message: 'Required for quick replies and buttons',
    path: ['title'],
  })
  .openapi('SandboxInboundPostback');

export const ReactionBody = z
  .object({
    socialAccountId: id,
    messageId: z.string().min(1).max(200),
    reaction: z.string().min(1).max(32).default('love'),
    action: z.enum(['react', 'unreact']).default('react'),
    ...person,
  })
  .strict()
  .openapi('SandboxInboundReaction');

export const ReadBody = z
  .object({
    socialAccountId: id,
    watermark: z.string().datetime().optional().openapi({ description: 'Messages up to this time were read (default now)' }),
    ...person,
  })
  .strict()
  .openapi('SandboxInboundRead');

export const DeliveryBody = z
  .object({
    socialAccountId: id,
    messageIds: z.array(z.string().min(1).max(200)).max(100).optional().openapi({ description: 'Platform ids of the messages delivered (Messenger’s `mids`)' }),
    watermark: z.string().datetime().optional().openapi({ description: 'Messages up to this time were delivered (default now)' }),
    ...person,
  })
  .strict()
  .openapi('SandboxInboundDelivery');

export const EchoBody = z
  .object({ socialAccountId: id, recipientId: z.string().min(1).max(100), text: text(1000) })
  .strict()
  .openapi('SandboxInboundEcho');

export const MessageEditBody = z
  .object({ socialAccountId: id, messageId: z.string().min(1).max(200), text: text(1000), ...person })
  .strict()
  .openapi('SandboxInboundMessageEdit');

export const MessageUnsendBody = z
  .object({ socialAccountId: id, messageId: z.string().min(1).max(200), ...person })
  .strict()
  .openapi('SandboxInboundMessageUnsend');

export const ReviewBody = z
  .object({
    socialAccountId: id,
    reviewId: z.string().min(1).max(200).optional().openapi({ description: 'Edit this review (from an earlier call); a new review if omitted' }),
    rating: z.number().int().min(1).max(5),
    comment: z.string().max(4096).optional(),
    reviewerName: z.string().min(1).max(100).optional(),
  })
  .strict()
  .openapi('SandboxInboundReview');

export const InboundEventSchema = z
  .object({
    id: z.string(),
    socialAccountId: z.string(),
    teamId: z.string(),
    platform: z.string(),
    source: z.enum(['webhook', 'sandbox']),
    kind: z.string(),
    domain: z.enum(['comments', 'inbox', 'reviews']),
    externalEventId: z.string(),
    status: z.enum(['PENDING', 'PROCESSED', 'IGNORED']),
    note: z.string().nullable(),
    payload: z.record(z.unknown()),
    occurredAt: z.string(),
    receivedAt: z.string(),
    processedAt: z.string().nullable(),
  })
  .openapi('InboundEvent');

export const EmitResultSchema = z.object({ items: z.array(InboundEventSchema), total: z.number().int() }).openapi('SandboxEmitResult');

export const InboundEventsQuery = z
  .object({
    socialAccountId: id.optional(),
    offset: offsetPaginationQuery.offset,
    limit: z.coerce.number().int().min(1).max(500).default(10),
  })
  .strict();

export const FaultBody = z
  .object({
    type: AccountTypeSchema,
    socialAccountId: id.optional().openapi({ description: 'Only calls for this account; every account of the platform if omitted' }),
    operation: z.enum(SANDBOX_OPERATIONS).optional().openapi({ description: 'Only this connector operation; every operation if omitted' }),
    kind: z.enum(['TRANSIENT', 'PERMANENT', 'RATE_LIMITED', 'SLOW']),
    count: z.number().int().min(1).max(1000).optional().openapi({ description: 'Calls affected; until deleted if omitted' }),
    delayMs: z.number().int().min(1).max(30_000).optional().openapi({ description: 'SLOW: added latency' }),
    retryAfterSeconds: z.number().int().min(1).max(86_400).optional().openapi({ description: 'RATE_LIMITED: seconds until the reset (default 60)' }),
    message: z.string().min(1).max(500).optional(),
  })
  .strict()
  .refine((body) => body.kind !== 'SLOW' || body.delayMs !== undefined, { message: 'SLOW faults need delayMs', path: ['delayMs'] })
  .openapi('SandboxFault');

export const FaultSchema = z
  .object({
    id: z.string(),
    type: z.string(),
    socialAccountId: z.string().nullable(),
    operation: z.string().nullable(),
    kind: z.enum(['TRANSIENT', 'PERMANENT', 'RATE_LIMITED', 'SLOW']),
    remaining: z.number().int().nullable(),
    delayMs: z.number().int().nullable(),
    retryAfterSeconds: z.number().int().nullable(),
    message: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('SandboxFaultRecord');

export const IdParams = z.object({ id: id.openapi({ param: { name: 'id', in: 'path' } }) });
