import { z } from '@hono/zod-openapi';
import { BILLABLE_ACTION_NAMES } from './prices';

const id = z.string().min(1).max(64);
const BillableActionSchema = z.enum(BILLABLE_ACTION_NAMES).openapi('BillableAction');

export const CreditBalanceSchema = z
  .object({
    organizationId: z.string(),
    currency: z.literal('usd'),
    balanceMicros: z.number().int(),
    heldMicros: z.number().int(),
    availableMicros: z.number().int(),
    balanceCents: z.number().int(),
    availableCents: z.number().int(),
    lowBalanceThresholdMicros: z.number().int().nullable(),
    lowBalance: z.boolean(),
    updatedAt: z.string().datetime().nullable(),
  })
  .openapi('CreditBalance');

export const QuoteBody = z
  .object({
    teamId: id,
    text: z.string().max(25_000).optional(),
    texts: z.array(z.string().max(25_000)).max(100).optional(),
    action: BillableActionSchema.optional(),
    altTextCount: z.number().int().min(0).max(100).optional(),
    quantity: z.number().int().min(1).max(10_000).optional(),
  })
  .strict()
  .refine((body) => body.quantity === undefined || body.action !== undefined, { message: 'quantity needs an action', path: ['quantity'] })
  .openapi('BillableUsageQuoteRequest');

const QuoteLineSchema = z.object({
  action: BillableActionSchema,
  label: z.string(),
  unitAmountMicros: z.number().int(),
  amountMicros: z.number().int(),
  amountCents: z.number().int(),
  currency: z.literal('usd'),
});

export const QuoteSchema = z
  .object({
    billable: z.boolean(),
    lines: z.array(QuoteLineSchema),
    totalMicros: z.number().int(),
    totalCents: z.number().int(),
    currency: z.literal('usd'),
    availableMicros: z.number().int(),
    availableCents: z.number().int(),
    wouldExceedBalance: z.boolean(),
  })
  .openapi('BillableUsageQuote');

export const RetweetBody = z
  .object({ teamId: id, tweetId: z.string().min(1).max(64).openapi({ description: 'The X id of the post to repost (any X post)' }) })
  .strict()
  .openapi('TwitterRetweet');

export const RetweetResultSchema = z
  .object({
    success: z.boolean(),
    tweetId: z.string(),
    retweeted: z.boolean().openapi({ description: 'Whether the account reposts the post after this call' }),
    charged: z.boolean().openapi({ description: 'False when this post and account were already charged this UTC day' }),
  })
  .openapi('TwitterRetweetResult');

export const DeleteXCommentBody = z
  .object({
    teamId: id,
    commentId: z.string().min(1).max(64).openapi({ description: "The X id of the account's reply to delete" }),
  })
  .strict()
  .openapi('TwitterDeleteComment');

export const DeleteXCommentResultSchema = z.object({ success: z.boolean(), charged: z.boolean() }).openapi('TwitterDeleteCommentResult');
