import { z } from 'zod';

// No server imports: the dashboard's composer validates with these same rules as you type.

export const MESSAGE_TEXT_MAX = 1000;
export const MESSAGE_LIMITS = { attachments: 10, quickReplies: 13, buttons: 3, cards: 10, cardButtons: 3, label: 20, title: 80 } as const;

/** Characters as people count them (code points), not UTF-16 units. */
export const characterCount = (text: string) => [...text].length;
/** What Instagram counts: UTF-8 bytes. */
export const byteCount = (text: string) => new TextEncoder().encode(text).length;

export const httpsUrl = z
  .string()
  .max(2048)
  .url()
  .refine((value) => value.startsWith('https://'), { message: 'Must be a public HTTPS URL' });

const label = z.string().min(1).max(MESSAGE_LIMITS.label);

export const MessageAttachmentInput = z.object({ type: z.enum(['IMAGE', 'VIDEO', 'AUDIO', 'FILE']), url: httpsUrl }).strict();
export const QuickReplyInput = z.object({ label, payload: z.string().min(1).max(1000) }).strict();
export const ButtonInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('POSTBACK'), label, payload: z.string().min(1).max(1000) }).strict(),
  z.object({ type: z.literal('URL'), label, url: httpsUrl }).strict(),
  z.object({ type: z.literal('PHONE'), label, phoneNumber: z.string().regex(/^\+?[0-9 ()-]{4,20}$/, 'Must be a phone number') }).strict(),
]);
export const CarouselCardInput = z
  .object({
    title: z.string().min(1).max(MESSAGE_LIMITS.title),
    subtitle: z.string().max(MESSAGE_LIMITS.title).optional(),
    imageUrl: httpsUrl.optional(),
    buttons: z.array(ButtonInput).max(MESSAGE_LIMITS.cardButtons).optional(),
  })
  .strict();
export const CarouselInput = z.object({ cards: z.array(CarouselCardInput).min(1).max(MESSAGE_LIMITS.cards) }).strict();

const contentShape = {
  text: z
    .string()
    .min(1)
    .refine((text) => characterCount(text) <= MESSAGE_TEXT_MAX, { message: `Text can be at most ${MESSAGE_TEXT_MAX} characters` })
    .optional(),
  attachments: z.array(MessageAttachmentInput).max(MESSAGE_LIMITS.attachments).optional(),
  quickReplies: z.array(QuickReplyInput).max(MESSAGE_LIMITS.quickReplies).optional(),
  buttons: z.array(ButtonInput).max(MESSAGE_LIMITS.buttons).optional(),
  carousel: CarouselInput.optional(),
};

type ContentLike = {
  text?: string;
  attachments?: unknown[];
  quickReplies?: unknown[];
  buttons?: unknown[];
  carousel?: unknown;
};

/** The composition rules of the spec, as issues on the field at fault. */
export function compositionIssues(content: ContentLike): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  const has = (list?: unknown[]) => (list?.length ?? 0) > 0;
  if (!content.text && !has(content.attachments) && !content.carousel)
    issues.push({ path: [], message: 'A message needs at least one of text, attachments or carousel' });
  if (has(content.buttons) && !content.text) issues.push({ path: ['buttons'], message: 'Buttons need text' });
  if (has(content.quickReplies) && !content.text) issues.push({ path: ['quickReplies'], message: 'Quick replies need text' });
  if (has(content.buttons) && has(content.quickReplies)) issues.push({ path: ['quickReplies'], message: 'A message has buttons or quick replies, never both' });
  if (content.carousel) {
    for (const field of ['attachments', 'buttons', 'quickReplies'] as const) {
      if (has(content[field])) issues.push({ path: [field], message: `A carousel cannot have ${field} beside it (only its own text)` });
    }
  }
  return issues;
}

export const MessageContentInput = z
  .object(contentShape)
  .strict()
  .superRefine((content, ctx) => {
    for (const issue of compositionIssues(content)) ctx.addIssue({ code: z.ZodIssueCode.custom, ...issue });
  });

export type MessageContent = z.infer<typeof MessageContentInput>;

/** Rules that depend on the platform: Instagram counts bytes and has no phone buttons. */
export function platformIssues(platform: string, content: MessageContent): { path: (string | number)[]; message: string }[] {
  if (platform !== 'INSTAGRAM') return [];
  const issues: { path: (string | number)[]; message: string }[] = [];
  if (content.text && byteCount(content.text) > MESSAGE_TEXT_MAX) {
    issues.push({ path: ['text'], message: `Instagram counts bytes: this text is ${byteCount(content.text)} bytes, over ${MESSAGE_TEXT_MAX}` });
  }
  content.buttons?.forEach((button, index) => {
    if (button.type === 'PHONE') issues.push({ path: ['buttons', index, 'type'], message: 'Phone buttons are not supported on Instagram' });
  });
  content.carousel?.cards.forEach((card, cardIndex) =>
    card.buttons?.forEach((button, index) => {
      if (button.type === 'PHONE')
        issues.push({ path: ['carousel', 'cards', cardIndex, 'buttons', index, 'type'], message: 'Phone buttons are not supported on Instagram' });
    }),
  );
  return issues;
}
