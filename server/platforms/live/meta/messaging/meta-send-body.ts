import type { OutboundMessage } from '../../../connector';
import { PlatformError } from '../../../platform-error';

/**
 * What the Send API accepts as `message` (https://developers.facebook.com/docs/messenger-platform/reference/send-api,
 * Instagram: https://developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/messaging-api):
 * one of `text` or `attachment` per call, `quick_replies` on any of them. So a message with text
 * and files is several calls, in the order the person reads them: the text (or the button
 * template carrying it), each file, the carousel; the quick replies ride on the last one, where
 * Messenger and Instagram show them.
 */
export type MetaMessage = {
  text?: string;
  attachment?: { type: string; payload: Record<string, unknown> };
  quick_replies?: { content_type: 'text'; title: string; payload: string }[];
};

/** Meta's documented limits; a message over them is refused here with the reason, before any call. */
export const SEND_LIMITS = {
  messengerTextChars: 2000,
  instagramTextBytes: 1000,
  quickReplies: 13,
  quickReplyTitleChars: 20,
  buttons: 3,
  buttonTitleChars: 20,
  buttonTemplateTextChars: 640,
  carouselElements: 10,
  elementTitleChars: 80,
  elementSubtitleChars: 80,
};

type Button = NonNullable<OutboundMessage['buttons']>[number];
type Network = 'FACEBOOK' | 'INSTAGRAM';

const ATTACHMENT_TYPES = { IMAGE: 'image', VIDEO: 'video', AUDIO: 'audio', FILE: 'file' } as const;

export function metaMessages(message: OutboundMessage, platform: Network, operation: string): MetaMessage[] {
  const refuse = (reason: string) =>
    new PlatformError({
      code: 'INVALID_REQUEST',
      message: `${operation}: ${reason}`,
      httpStatus: 400,
      userFacingMessage: reason,
      meta: { platform, operation },
    });
  const network = platform === 'FACEBOOK' ? 'Messenger' : 'Instagram';
  const text = message.text?.length ? message.text : null;
  if (text && platform === 'FACEBOOK' && [...text].length > SEND_LIMITS.messengerTextChars)
    throw refuse(`Messenger messages are at most ${SEND_LIMITS.messengerTextChars} characters`);
  if (text && platform === 'INSTAGRAM' && new TextEncoder().encode(text).length > SEND_LIMITS.instagramTextBytes)
    throw refuse(`Instagram messages are at most ${SEND_LIMITS.instagramTextBytes} bytes of text`);
  const quickReplies = message.quickReplies ?? [];
  if (quickReplies.length > SEND_LIMITS.quickReplies) throw refuse(`${network} allows at most ${SEND_LIMITS.quickReplies} quick replies`);
  if (quickReplies.some((reply) => [...reply.label].length > SEND_LIMITS.quickReplyTitleChars))
    throw refuse(`Quick reply labels are at most ${SEND_LIMITS.quickReplyTitleChars} characters`);

  const button = (item: Button): Record<string, unknown> => {
    if ([...item.label].length > SEND_LIMITS.buttonTitleChars) throw refuse(`Button labels are at most ${SEND_LIMITS.buttonTitleChars} characters`);
    if (item.type === 'POSTBACK') return { type: 'postback', title: item.label, payload: item.payload };
    if (item.type === 'URL') return { type: 'web_url', title: item.label, url: item.url };
    if (platform === 'INSTAGRAM') throw refuse('Instagram does not support phone buttons');
    return { type: 'phone_number', title: item.label, payload: item.phoneNumber };
  };
  const buttons = (list: Button[] | undefined) => {
    if ((list?.length ?? 0) > SEND_LIMITS.buttons) throw refuse(`${network} allows at most ${SEND_LIMITS.buttons} buttons on a message or card`);
    return (list ?? []).map(button);
  };

  const parts: MetaMessage[] = [];
  if (message.buttons?.length) {
    if (!text) throw refuse('Buttons need the message text they are shown under');
    if ([...text].length > SEND_LIMITS.buttonTemplateTextChars)
      throw refuse(`Text shown with buttons is at most ${SEND_LIMITS.buttonTemplateTextChars} characters`);
    parts.push({ attachment: { type: 'template', payload: { template_type: 'button', text, buttons: buttons(message.buttons) } } });
  } else if (text) {
    parts.push({ text });
  }
  for (const attachment of message.attachments) {
    parts.push({ attachment: { type: ATTACHMENT_TYPES[attachment.type], payload: { url: attachment.url, is_reusable: false } } });
  }
  if (message.carousel) {
    const cards = message.carousel.cards;
    if (cards.length === 0 || cards.length > SEND_LIMITS.carouselElements) throw refuse(`A carousel has between 1 and ${SEND_LIMITS.carouselElements} cards`);
    const elements = cards.map((card) => {
      if ([...card.title].length > SEND_LIMITS.elementTitleChars) throw refuse(`Card titles are at most ${SEND_LIMITS.elementTitleChars} characters`);
      if (card.subtitle && [...card.subtitle].length > SEND_LIMITS.elementSubtitleChars)
        throw refuse(`Card subtitles are at most ${SEND_LIMITS.elementSubtitleChars} characters`);
      return {
        title: card.title,
        ...(card.subtitle ? { subtitle: card.subtitle } : {}),
        ...(card.imageUrl ? { image_url: card.imageUrl } : {}),
        ...(card.buttons?.length ? { buttons: buttons(card.buttons) } : {}),
      };
    });
    parts.push({ attachment: { type: 'template', payload: { template_type: 'generic', elements } } });
  }
  if (parts.length === 0) throw refuse('The message is empty');
  if (quickReplies.length) {
    parts[parts.length - 1]!.quick_replies = quickReplies.map((reply) => ({ content_type: 'text', title: reply.label, payload: reply.payload }));
  }
  return parts;
}

/** Whether a part counts against the Send API's audio and video limit (10 a second) rather than the text one. */
export const isHeavy = (part: MetaMessage) => part.attachment?.type === 'audio' || part.attachment?.type === 'video';
