import type { ApiSchema } from '@/lib/api-client';
import type { MessageContent as ContentInput } from '@server/inbox/shared/message-content';

export type Conversation = ApiSchema<'Conversation'>;
export type Message = ApiSchema<'Message'>;
export type MessageAttachment = Message['attachments'][number];

/** What the composer sends: the API's message `content`. */
export type MessageContent = ContentInput;
export type QuickReply = NonNullable<MessageContent['quickReplies']>[number];
export type MessageButton = NonNullable<MessageContent['buttons']>[number];
export type CarouselCard = NonNullable<MessageContent['carousel']>['cards'][number];

/** The rich content a sent message carries in `platformData` (stored as it was sent). */
export function richPartsOf(message: Message): { quickReplies: QuickReply[]; buttons: MessageButton[]; cards: CarouselCard[] } {
  const data = message.platformData;
  return {
    quickReplies: (data.quickReplies ?? []) as QuickReply[],
    buttons: (data.buttons ?? []) as MessageButton[],
    cards: ((data.carousel as { cards?: CarouselCard[] } | undefined)?.cards ?? []) as CarouselCard[],
  };
}

/** The comment a private reply answered, as far as the API tells it. */
export function privateReplyContextOf(message: Message): { text?: string; authorName?: string } | null {
  const context = message.privateReplyContext;
  if (!context) return null;
  const text = typeof context.text === 'string' ? context.text : undefined;
  const authorName = typeof context.authorName === 'string' ? context.authorName : undefined;
  return { text, authorName };
}
