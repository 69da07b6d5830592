import { z } from 'zod';
import { byteCount, characterCount, compositionIssues, httpsUrl, MESSAGE_TEXT_MAX } from '../../inbox/shared/message-content';
import {
  AUTOMATION_PLATFORMS,
  CLICK_TRIGGERS,
  CONDITION_FIELDS,
  CONDITION_OPERATORS,
  FLOW_LIMITS,
  MATCH_MODES,
  TEXT_TRIGGERS,
  TRIGGER_TYPES,
  type StepType,
} from './automation-constants';

/*
 * The shape of a flow definition: the first validation stage, which needs no database. The API
 * validates requests with it and the dashboard's flow builder validates node forms with it, so a
 * shape error shows on its node before saving. Browser-safe: zod and shared modules only.
 */

type IssueSink = { path: (string | number)[]; message: string }[];

const text = (max: number, what = 'Text') =>
  z
    .string()
    .min(1)
    .refine((value) => characterCount(value) <= max, { message: `${what} can be at most ${max} characters` });

const optionalId = (max: number) => z.string().min(1).max(max).optional();
const label = z.string().min(1).max(FLOW_LIMITS.label);
const payload = z.string().min(1).max(FLOW_LIMITS.payload);

/** Step ids travel in `output.skippedAtStepId` and in `; `-joined problems: plain characters only. */
export const StepIdSchema = z
  .string()
  .min(1)
  .max(FLOW_LIMITS.stepId)
  .regex(/^[A-Za-z0-9_-]+$/, 'A step id uses letters, digits, "_" and "-" only');

export const AutomationButtonSchema = z.discriminatedUnion('type', [
  z.object({ id: optionalId(FLOW_LIMITS.quickReplyId), type: z.literal('POSTBACK'), label, payload }).strict(),
  z.object({ id: optionalId(FLOW_LIMITS.quickReplyId), type: z.literal('URL'), label, url: httpsUrl }).strict(),
  z
    .object({
      id: optionalId(FLOW_LIMITS.quickReplyId),
      type: z.literal('PHONE'),
      label,
      phoneNumber: z.string().regex(/^\+?[0-9 ()-]{4,20}$/, 'Must be a phone number'),
    })
    .strict(),
]);

export const AutomationQuickReplySchema = z.object({ id: optionalId(FLOW_LIMITS.quickReplyId), label, payload }).strict();

export const AutomationCardSchema = z
  .object({
    id: optionalId(FLOW_LIMITS.quickReplyId),
    title: text(FLOW_LIMITS.cardText, 'A card title'),
    subtitle: z.string().max(FLOW_LIMITS.cardText).optional(),
    imageUploadId: z.string().min(1).max(64).optional(),
    buttons: z.array(AutomationButtonSchema).max(FLOW_LIMITS.buttons).optional(),
  })
  .strict();

/** A `SEND_MESSAGE` message: the DM content rules, with attachments and card images by upload id. */
export const AutomationMessageSchema = z
  .object({
    text: text(FLOW_LIMITS.messageText).optional(),
    attachments: z
      .array(z.object({ uploadId: z.string().min(1).max(64), type: z.enum(['IMAGE', 'VIDEO']) }).strict())
      .max(FLOW_LIMITS.attachments)
      .optional(),
    quickReplies: z.array(AutomationQuickReplySchema).max(FLOW_LIMITS.quickReplies).optional(),
    buttons: z.array(AutomationButtonSchema).max(FLOW_LIMITS.buttons).optional(),
    carousel: z
      .object({ cards: z.array(AutomationCardSchema).min(1).max(FLOW_LIMITS.cards) })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((message, ctx) => {
    for (const issue of compositionIssues(message)) ctx.addIssue({ code: z.ZodIssueCode.custom, ...issue });
  });

export const ConditionSchema = z
  .object({
    field: z.enum(CONDITION_FIELDS),
    operator: z.enum(CONDITION_OPERATORS),
    value: z.string().min(1).max(FLOW_LIMITS.conditionValue),
    caseSensitive: z.boolean().optional(),
  })
  .strict();

const stepBase = { id: StepIdSchema.optional() };

export const StepSchema = z.discriminatedUnion('type', [
  z.object({ ...stepBase, type: z.literal('CONDITION'), conditions: z.array(ConditionSchema).min(1).max(FLOW_LIMITS.conditions) }).strict(),
  z.object({ ...stepBase, type: z.literal('SEND_MESSAGE'), message: AutomationMessageSchema }).strict(),
  // Private replies are text only: attachments, buttons and the rest are unknown keys here.
  z.object({ ...stepBase, type: z.literal('SEND_PRIVATE_REPLY'), message: z.object({ text: text(FLOW_LIMITS.messageText) }).strict() }).strict(),
  // The per-platform limit (1,000 characters, 1,000 bytes on Instagram, 150 on TikTok) is checked with the trigger.
  z.object({ ...stepBase, type: z.literal('SEND_PUBLIC_COMMENT_REPLY'), text: text(FLOW_LIMITS.publicReply.FACEBOOK) }).strict(),
  z.object({ ...stepBase, type: z.literal('LIKE_COMMENT') }).strict(),
  z.object({ ...stepBase, type: z.literal('ARCHIVE_CONVERSATION') }).strict(),
  z.object({ ...stepBase, type: z.literal('OPEN_CONVERSATION') }).strict(),
]);

const externalId = z.string().min(1).max(128);

export const TriggerSchema = z
  .object({
    type: z.enum(TRIGGER_TYPES),
    platform: z.enum(AUTOMATION_PLATFORMS),
    /** Nullable: a copied flow arrives without one, and the second stage asks for it. */
    socialAccountId: z.string().min(1).max(64).nullable().optional(),
    postId: z.string().min(1).max(64).nullable().optional(),
    keywords: z.array(z.string().trim().min(1).max(FLOW_LIMITS.keyword)).max(FLOW_LIMITS.keywords).optional(),
    matchMode: z.enum(MATCH_MODES).optional(),
    caseSensitive: z.boolean().optional(),
    payloads: z.array(payload).max(FLOW_LIMITS.payloads).optional(),
    senderExternalIds: z.array(externalId).max(FLOW_LIMITS.senderExternalIds).nullable().optional(),
    actionDelaySeconds: z.number().int().min(0).max(FLOW_LIMITS.actionDelaySeconds).optional(),
  })
  .strict()
  .superRefine((trigger, ctx) => {
    const add = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    if (CLICK_TRIGGERS.includes(trigger.type)) {
      const why = `${trigger.type} matches payloads, not text`;
      if (trigger.keywords?.length) add('keywords', `Keywords apply to comment and DM triggers: ${why}`);
      if (trigger.matchMode !== undefined) add('matchMode', `matchMode applies to comment and DM triggers: ${why}`);
      if (trigger.caseSensitive !== undefined) add('caseSensitive', `caseSensitive applies to comment and DM triggers: ${why}`);
    }
    if (TEXT_TRIGGERS.includes(trigger.type) && trigger.payloads?.length) {
      add('payloads', `Payloads apply to QUICK_REPLY_CLICKED and BUTTON_CLICKED triggers: ${trigger.type} matches keywords`);
    }
  });

export const FlowDefinitionSchema = z
  .object({ trigger: TriggerSchema, steps: z.array(StepSchema).max(FLOW_LIMITS.steps) })
  .strict()
  .superRefine((definition, ctx) => {
    for (const issue of definitionIssues(definition)) ctx.addIssue({ code: z.ZodIssueCode.custom, ...issue });
  });

export type FlowDefinitionInput = z.infer<typeof FlowDefinitionSchema>;
export type StepInput = z.infer<typeof StepSchema>;
export type TriggerInput = z.infer<typeof TriggerSchema>;
export type AutomationMessage = z.infer<typeof AutomationMessageSchema>;
export type Condition = z.infer<typeof ConditionSchema>;

/** Shape rules that need the whole definition: unique step ids and the trigger platform's lengths. */
function definitionIssues(definition: FlowDefinitionInput): IssueSink {
  const issues: IssueSink = [];
  const seen = new Map<string, number>();
  definition.steps.forEach((step, index) => {
    if (step.id === undefined) return;
    const first = seen.get(step.id);
    if (first === undefined) seen.set(step.id, index);
    else issues.push({ path: ['steps', index, 'id'], message: `Duplicate step id "${step.id}" (also steps[${first}])` });
  });
  const platform = definition.trigger.platform;
  definition.steps.forEach((step, index) => {
    const at = (...path: (string | number)[]) => ['steps', index, ...path];
    if (step.type === 'SEND_PUBLIC_COMMENT_REPLY') {
      const limit = FLOW_LIMITS.publicReply[platform];
      if (platform === 'INSTAGRAM' && byteCount(step.text) > limit) {
        issues.push({ path: at('text'), message: `Instagram counts bytes: this reply is ${byteCount(step.text)} bytes, over ${limit}` });
      } else if (platform !== 'INSTAGRAM' && characterCount(step.text) > limit) {
        issues.push({ path: at('text'), message: `A public comment reply on ${platform} can be at most ${limit} characters` });
      }
    }
    if (
      (step.type === 'SEND_MESSAGE' || step.type === 'SEND_PRIVATE_REPLY') &&
      platform === 'INSTAGRAM' &&
      step.message.text &&
      byteCount(step.message.text) > MESSAGE_TEXT_MAX
    ) {
      issues.push({
        path: at('message', 'text'),
        message: `Instagram counts bytes: this text is ${byteCount(step.message.text)} bytes, over ${MESSAGE_TEXT_MAX}`,
      });
    }
    if (step.type === 'SEND_MESSAGE' && platform !== 'FACEBOOK') {
      const phone = (buttons: AutomationMessage['buttons'], path: (string | number)[]) =>
        buttons?.forEach((button, buttonIndex) => {
          if (button.type === 'PHONE')
            issues.push({ path: at('message', ...path, buttonIndex, 'type'), message: 'Phone buttons are supported on Facebook only' });
        });
      phone(step.message.buttons, ['buttons']);
      step.message.carousel?.cards.forEach((card, cardIndex) => phone(card.buttons, ['carousel', 'cards', cardIndex, 'buttons']));
    }
  });
  return issues;
}

/** A stored definition: every step has its id, and the trigger its defaults. */
export type FlowDefinition = {
  trigger: TriggerInput & { socialAccountId: string | null; senderExternalIds: string[]; actionDelaySeconds: number };
  steps: (StepInput & { id: string })[];
};

/** The id a step gets when it has none: from its type and position (`send_message_2`). */
export function generatedStepId(type: StepType, index: number): string {
  return `${type.toLowerCase()}_${index + 1}`;
}

/** Fills in what the client may omit: step ids, `matchMode`, `caseSensitive`, delays, empty lists. */
export function normalizeDefinition(input: FlowDefinitionInput): FlowDefinition {
  const taken = new Set(input.steps.flatMap((step) => (step.id ? [step.id] : [])));
  const steps = input.steps.map((step, index) => {
    if (step.id) return { ...step, id: step.id };
    let id = generatedStepId(step.type, index);
    for (let suffix = 2; taken.has(id); suffix += 1) id = `${generatedStepId(step.type, index)}_${suffix}`;
    taken.add(id);
    return { ...step, id };
  });
  const { trigger } = input;
  const isText = TEXT_TRIGGERS.includes(trigger.type);
  return {
    trigger: {
      ...trigger,
      socialAccountId: trigger.socialAccountId ?? null,
      ...(isText
        ? { keywords: trigger.keywords ?? [], matchMode: trigger.matchMode ?? 'ANY', caseSensitive: trigger.caseSensitive ?? false }
        : { payloads: trigger.payloads ?? [] }),
      senderExternalIds: trigger.senderExternalIds ?? [],
      actionDelaySeconds: trigger.actionDelaySeconds ?? 0,
    },
    steps,
  };
}
