import { z } from 'zod';
import { SCOPES } from '../context';
import { FEATURES } from '../organizations/features';

/*
 * The operator commands' shape, apart from what runs them (commands.ts): the CLI talking to a running
 * server loads only this and the socket client, not the database and services it would not use.
 */
const plan = z.enum(['FREE', 'PRO', 'BUSINESS']);
const org = z.string().min(1);
const hours = z.union([z.literal('default').transform(() => null), z.coerce.number().int().min(1).max(720)]);
const onOffSetting = z.enum(['on', 'off']);

/** Every operator command, validated the same way whether it comes from the CLI or the admin socket. */
export const adminCommandSchema = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('create-org'),
    name: z.string().trim().min(1).max(120),
    plan: plan.default('FREE'),
    enable: z.array(z.enum(FEATURES)).default([]),
    teamName: z.string().trim().min(3).max(80).optional(),
  }),
  z.object({ command: z.literal('set-plan'), org, plan }),
  z.object({ command: z.literal('enable'), org, features: z.array(z.enum(FEATURES)).min(1) }),
  z.object({ command: z.literal('disable'), org, features: z.array(z.enum(FEATURES)).min(1) }),
  z.object({
    command: z.literal('create-api-key'),
    org,
    name: z.string().trim().min(1).max(80).default('Operator key'),
    scopes: z
      .array(z.enum(SCOPES))
      .min(1)
      .default([...SCOPES]),
  }),
  z.object({ command: z.literal('revoke-api-key'), org, id: z.string().min(1) }),
  z.object({
    command: z.literal('create-user'),
    org,
    email: z.string().trim().email(),
    password: z.string().min(8).optional(),
    role: z.enum(['ADMIN', 'CUSTOMER']).default('ADMIN'),
  }),
  z.object({ command: z.literal('list-orgs') }),
  z.object({
    command: z.literal('add-credits'),
    org,
    // Dollars with up to 6 decimals (micro-dollars); negative for a correction.
    usd: z.coerce
      .number()
      .finite()
      .refine((value) => value !== 0 && Math.abs(value) <= 1_000_000, 'a non-zero amount up to 1,000,000 USD'),
    note: z.string().trim().max(200).optional(),
  }),
  z.object({
    command: z.literal('analytics-settings'),
    org,
    // Hours between background refreshes (1 to 720); `default` resets to 24.
    interval: hours.optional(),
    postsInterval: hours.optional(),
    accounts: onOffSetting.optional(),
    posts: onOffSetting.optional(),
  }),
  z.object({
    command: z.literal('review-limits'),
    org,
    // New reviews (or recommendations) an import may store per account and UTC month; `default` returns to the plan's.
    monthly: z.union([z.literal('default').transform(() => null), z.coerce.number().int().min(0).max(1_000_000)]),
  }),
  z.object({
    command: z.literal('seed-inbox'),
    org,
    account: z.string().min(1),
    conversations: z.coerce.number().int().min(1).max(100_000),
    threadMessages: z.coerce.number().int().min(0).max(10_000).default(0),
  }),
]);

export type AdminCommand = z.infer<typeof adminCommandSchema>;
export type AdminResult = { json: Record<string, unknown>; text: string };
