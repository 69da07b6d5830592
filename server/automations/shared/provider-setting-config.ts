import { z } from 'zod';
import { httpsUrl } from '../../inbox/shared/message-content';
import { DEFAULT_GET_STARTED_PAYLOAD, FLOW_LIMITS } from './automation-constants';

// No server imports: the dashboard's provider-settings page edits with these same rules.

/** Instagram's and Facebook's own text limits for these items. */
export const PROVIDER_TEXT_LIMITS = { question: 80, menuTitle: 30, payload: 1000 } as const;

const payload = z.string().min(1).max(PROVIDER_TEXT_LIMITS.payload);
const characters = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .refine((value) => [...value].length <= max, { message: `Can be at most ${max} characters` });

export const IceBreakersConfigSchema = z
  .object({
    iceBreakers: z.array(z.object({ question: characters(PROVIDER_TEXT_LIMITS.question), payload }).strict()).max(FLOW_LIMITS.iceBreakers),
  })
  .strict();

export const PersistentMenuItemSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('POSTBACK'), title: characters(PROVIDER_TEXT_LIMITS.menuTitle), payload }).strict(),
  z.object({ type: z.literal('URL'), title: characters(PROVIDER_TEXT_LIMITS.menuTitle), url: httpsUrl }).strict(),
]);

export const PersistentMenuConfigSchema = z
  .object({
    getStartedPayload: payload.default(DEFAULT_GET_STARTED_PAYLOAD),
    composerInputDisabled: z.boolean().default(false),
    items: z.array(PersistentMenuItemSchema).max(FLOW_LIMITS.menuItems),
  })
  .strict();

export type IceBreakersConfig = z.infer<typeof IceBreakersConfigSchema>;
export type PersistentMenuConfig = z.infer<typeof PersistentMenuConfigSchema>;
