import {
  byteCount,
  characterCount,
  MESSAGE_LIMITS as LIMITS,
  MESSAGE_TEXT_MAX,
  MessageContentInput,
  platformIssues,
} from '@server/inbox/shared/message-content';
import { formErrorMap } from '@/lib/zod-messages';
import type { MessageContent } from './inbox-types';

// The API's own content rules (server/inbox/shared), run as the person types so the composer
// explains a refusal at the field before the platform does.
export const MESSAGE_LIMITS = { text: MESSAGE_TEXT_MAX, ...LIMITS } as const;

/** How the platform measures text: Instagram counts UTF-8 bytes, Facebook characters. */
export function textLength(text: string, platform: string): { used: number; unit: 'bytes' | 'characters' } {
  return platform === 'INSTAGRAM' ? { used: byteCount(text), unit: 'bytes' } : { used: characterCount(text), unit: 'characters' };
}

export type ContentProblem = { path: string; message: string };

const pathOf = (path: (string | number)[]) => (path.length ? path.join('.') : 'text');

/** Every rule the content breaks, each at the field that breaks it (`carousel.cards.0.title`); empty when it may be sent. */
export function contentProblems(content: MessageContent, platform: string): ContentProblem[] {
  const compact = compactContent(content);
  const parsed = MessageContentInput.safeParse(compact, { errorMap: formErrorMap });
  const issues = parsed.success ? [] : parsed.error.issues.map((issue) => ({ path: pathOf(issue.path), message: issue.message }));
  const platformProblems = platformIssues(platform, compact).map((issue) => ({ path: pathOf(issue.path), message: issue.message }));
  return [...issues, ...platformProblems];
}

/** The content without empty optional parts, as the API takes it. */
export function compactContent(content: MessageContent): MessageContent {
  const out: MessageContent = {};
  if (content.text?.trim()) out.text = content.text;
  if (content.attachments?.length) out.attachments = content.attachments;
  if (content.quickReplies?.length) out.quickReplies = content.quickReplies;
  if (content.buttons?.length) out.buttons = content.buttons;
  if (content.carousel?.cards.length) out.carousel = content.carousel;
  return out;
}
