import { ExternalLink, Phone } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { CarouselCard, MessageButton, QuickReply } from '../lib/inbox-types';

// Rich messages drawn as the person sees them in Messenger / Instagram: buttons stacked under
// the text, quick replies as pills below the bubble, a carousel as a row of cards.

function ButtonRow({ button }: { button: MessageButton }) {
  const Icon = button.type === 'URL' ? ExternalLink : button.type === 'PHONE' ? Phone : null;
  const hint = button.type === 'URL' ? button.url : button.type === 'PHONE' ? button.phoneNumber : `Payload: ${button.payload}`;
  return (
    <li title={hint} className="flex items-center justify-center gap-1.5 border-t border-zinc-200 px-3 py-2 text-center text-sm font-medium text-accent-700">
      {Icon ? <Icon className="size-3.5" aria-hidden /> : null}
      {button.label || <span className="text-zinc-400 italic">Label</span>}
    </li>
  );
}

export function MessageButtons({ buttons, className }: { buttons: MessageButton[]; className?: string }) {
  return (
    <ul aria-label="Buttons" className={cn('bg-white', className)}>
      {buttons.map((button, index) => (
        <ButtonRow key={index} button={button} />
      ))}
    </ul>
  );
}

export function QuickReplies({ replies, align = 'end' }: { replies: QuickReply[]; align?: 'start' | 'end' }) {
  return (
    <ul aria-label="Quick replies" className={cn('flex flex-wrap gap-1.5', align === 'end' ? 'justify-end' : 'justify-start')}>
      {replies.map((reply, index) => (
        <li
          key={index}
          title={`Payload: ${reply.payload}`}
          className="rounded-full border border-accent-300 bg-white px-3 py-1 text-xs font-medium text-accent-700 shadow-xs"
        >
          {reply.label || <span className="text-zinc-400 italic">Label</span>}
        </li>
      ))}
    </ul>
  );
}

export function Carousel({ cards }: { cards: CarouselCard[] }) {
  return (
    <ul aria-label="Carousel" className="flex max-w-full snap-x gap-2 overflow-x-auto pb-1">
      {cards.map((card, index) => (
        <li
          key={index}
          aria-label={`Card: ${card.title}`}
          className="w-52 shrink-0 snap-start overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-xs"
        >
          {card.imageUrl ? (
            <img src={card.imageUrl} alt="" loading="lazy" className="aspect-[1.91/1] w-full bg-zinc-100 object-cover" />
          ) : (
            <div className="aspect-[1.91/1] w-full bg-gradient-to-br from-zinc-100 to-zinc-200" aria-hidden />
          )}
          <div className="space-y-0.5 px-3 py-2">
            <p className="line-clamp-2 text-sm font-semibold text-zinc-900">{card.title || <span className="text-zinc-400 italic">Title</span>}</p>
            {card.subtitle ? <p className="line-clamp-2 text-xs text-zinc-500">{card.subtitle}</p> : null}
          </div>
          {card.buttons?.length ? <MessageButtons buttons={card.buttons} /> : null}
        </li>
      ))}
    </ul>
  );
}
