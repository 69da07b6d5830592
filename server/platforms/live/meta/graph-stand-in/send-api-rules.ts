import { graphError } from './graph-rules';

/**
 * The Send API's message rules as Meta documents them (https://developers.facebook.com/docs/messenger-platform/reference/send-api,
 * templates and quick replies references, Instagram's messaging API): one of `text` or
 * `attachment`; text at most 2000 characters on Messenger and 1000 bytes on Instagram; at most 13
 * quick replies of at most 20 characters; a button template's text at most 640 characters with 1 to
 * 3 buttons; a generic template of 1 to 10 elements, titles and subtitles at most 80 characters, at
 * most 3 buttons each; `metadata` at most 1000 characters; private replies are text only.
 */
export type SendBody = {
  recipient?: { id?: unknown; comment_id?: unknown };
  messaging_type?: unknown;
  tag?: unknown;
  sender_action?: unknown;
  payload?: unknown;
  message?: Record<string, unknown>;
};

export function sendApiError(message: string, code: number, subcode?: number): Response {
  return graphError({ message, type: 'OAuthException', code, ...(subcode !== undefined ? { error_subcode: subcode } : {}) });
}

const chars = (value: unknown) => (typeof value === 'string' ? [...value].length : 0);
const BUTTON_TYPES = { messenger: ['postback', 'web_url', 'phone_number'], instagram: ['postback', 'web_url'] };

/** The first rule the body breaks, as Meta's error answer; null when it may be sent. */
export function checkSendBody(body: SendBody, network: 'messenger' | 'instagram', options: { privateReply: boolean }): Response | null {
  const message = body.message;
  if (!message || typeof message !== 'object') return sendApiError('(#100) The parameter message is required', 100);
  const hasText = typeof message.text === 'string';
  const hasAttachment = message.attachment !== undefined;
  if (hasText === hasAttachment) return sendApiError('(#100) Message must contain exactly one of text or attachment', 100);
  if (message.metadata !== undefined && chars(message.metadata) > 1000) return sendApiError('(#100) metadata must be at most 1000 characters', 100);
  if (hasText) {
    const text = message.text as string;
    if (text.length === 0) return sendApiError('(#100) Message cannot be empty', 100);
    if (network === 'messenger' && chars(text) > 2000) return sendApiError('(#100) Length of param message[text] must be less than or equal to 2000', 100);
    if (network === 'instagram' && new TextEncoder().encode(text).length > 1000) return sendApiError('(#100) The message text is over 1000 bytes', 100);
  }
  if (options.privateReply && (hasAttachment || message.quick_replies !== undefined)) return sendApiError('(#100) Private replies may contain text only', 100);

  const quickReplies = message.quick_replies;
  if (quickReplies !== undefined) {
    if (!Array.isArray(quickReplies) || quickReplies.length === 0 || quickReplies.length > 13)
      return sendApiError('(#100) param message[quick_replies] must be an array of 1 to 13 items', 100);
    for (const reply of quickReplies as Record<string, unknown>[]) {
      if (reply.content_type !== 'text') return sendApiError('(#100) quick reply content_type must be text', 100);
      if (chars(reply.title) === 0 || chars(reply.title) > 20) return sendApiError('(#100) quick reply title must be 1 to 20 characters', 100);
      if (typeof reply.payload !== 'string' || reply.payload.length === 0) return sendApiError('(#100) quick reply payload is required', 100);
    }
  }

  if (hasAttachment) {
    const attachment = message.attachment as { type?: unknown; payload?: Record<string, unknown> };
    const payload = attachment.payload ?? {};
    if (['image', 'video', 'audio', 'file'].includes(String(attachment.type))) {
      if (typeof payload.url !== 'string' || !/^https?:\/\//.test(payload.url)) return sendApiError('(#100) attachment payload url must be a URL', 100);
      return null;
    }
    if (attachment.type !== 'template') return sendApiError('(#100) Invalid attachment type', 100);
    const buttonsProblem = (buttons: unknown, required: boolean) => {
      if (buttons === undefined && !required) return null;
      if (!Array.isArray(buttons) || buttons.length === 0 || buttons.length > 3) return sendApiError('(#100) buttons must be an array of 1 to 3 buttons', 100);
      for (const button of buttons as Record<string, unknown>[]) {
        if (!BUTTON_TYPES[network].includes(String(button.type))) return sendApiError(`(#100) Unsupported button type ${String(button.type)}`, 100);
        if (chars(button.title) === 0 || chars(button.title) > 20) return sendApiError('(#100) button title must be 1 to 20 characters', 100);
        if (button.type === 'web_url' && typeof button.url !== 'string') return sendApiError('(#100) web_url buttons need a url', 100);
        if (button.type !== 'web_url' && typeof button.payload !== 'string') return sendApiError('(#100) button payload is required', 100);
      }
      return null;
    };
    if (payload.template_type === 'button') {
      if (chars(payload.text) === 0 || chars(payload.text) > 640) return sendApiError('(#100) button template text must be 1 to 640 characters', 100);
      return buttonsProblem(payload.buttons, true);
    }
    if (payload.template_type === 'generic') {
      const elements = payload.elements;
      if (!Array.isArray(elements) || elements.length === 0 || elements.length > 10)
        return sendApiError('(#100) elements must be an array of 1 to 10 elements', 100);
      for (const element of elements as Record<string, unknown>[]) {
        if (chars(element.title) === 0 || chars(element.title) > 80) return sendApiError('(#100) element title must be 1 to 80 characters', 100);
        if (element.subtitle !== undefined && chars(element.subtitle) > 80) return sendApiError('(#100) element subtitle must be at most 80 characters', 100);
        const problem = buttonsProblem(element.buttons, false);
        if (problem) return problem;
      }
      return null;
    }
    return sendApiError('(#100) Unsupported template_type', 100);
  }
  return null;
}
