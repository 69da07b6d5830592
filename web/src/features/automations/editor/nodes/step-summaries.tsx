import type { StepOf } from '../node-types';

// What a step's node says about its settings (the node has two lines).

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** What a message holds besides its text, in a few words. */
function richParts(message: StepOf<'SEND_MESSAGE'>['message']): string {
  const parts = [
    message.attachments?.length ? plural(message.attachments.length, 'attachment') : '',
    message.quickReplies?.length ? plural(message.quickReplies.length, 'quick reply').replace('replys', 'replies') : '',
    message.buttons?.length ? plural(message.buttons.length, 'button') : '',
    message.carousel ? `carousel of ${plural(message.carousel.cards.length, 'card')}` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}

export const quoted = (text: string | undefined) => (text ? `“${text}”` : <span className="text-zinc-400 italic">No text yet</span>);

export function conditionSummary({ conditions }: StepOf<'CONDITION'>) {
  return conditions
    .map((condition) => `${condition.field.toLowerCase()} ${condition.operator.toLowerCase().replace('_', ' ')} “${condition.value}”`)
    .join(' and ');
}

export function messageSummary({ message }: StepOf<'SEND_MESSAGE'>) {
  const rich = richParts(message);
  return (
    <>
      {quoted(message.text)}
      {rich ? <span className="block text-zinc-500">+ {rich}</span> : null}
    </>
  );
}
