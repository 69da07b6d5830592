import type { AutomationMessage } from '@server/automations/shared/flow-definition';
import type { EditorStep } from './editor-model';

const filled = (value: string | undefined) => (value ? value : undefined);
const nonEmpty = <T>(list: T[] | undefined) => (list?.length ? list : undefined);

/**
 * A message as the form holds it, as the definition should say it: an emptied text box, an image
 * picker set to "none" or an emptied list are absent fields, not empty ones (which the API would
 * refuse, e.g. an empty text beside a carousel).
 */
export function cleanMessage(message: AutomationMessage): AutomationMessage {
  const cleaned: AutomationMessage = {
    text: filled(message.text),
    attachments: nonEmpty(message.attachments),
    quickReplies: nonEmpty(message.quickReplies),
    buttons: nonEmpty(message.buttons),
    carousel: message.carousel
      ? {
          cards: message.carousel.cards.map((card) => ({
            ...card,
            subtitle: filled(card.subtitle),
            imageUploadId: filled(card.imageUploadId),
            buttons: nonEmpty(card.buttons),
          })),
        }
      : undefined,
  };
  return Object.fromEntries(Object.entries(cleaned).filter(([, value]) => value !== undefined)) as AutomationMessage;
}

export function cleanStep(step: EditorStep): EditorStep {
  if (step.type !== 'SEND_MESSAGE' || !step.message) return step;
  return { ...step, message: cleanMessage(step.message) };
}
