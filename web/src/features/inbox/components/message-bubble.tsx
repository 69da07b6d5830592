import { AlertCircle, Check, CheckCheck, Clock, CornerUpLeft, FileText, Film, Heart, Link2, Music, Pencil, Smartphone, Undo2 } from 'lucide-react';
import { memo } from 'react';
import { cn } from '@/lib/cn';
import { privateReplyContextOf, richPartsOf, type Message, type MessageAttachment } from '../lib/inbox-types';
import { Carousel, MessageButtons, QuickReplies } from './rich-content';

const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

const STATUS = {
  PENDING: { icon: Clock, label: 'Sending', className: 'text-zinc-400' },
  SENT: { icon: Check, label: 'Sent', className: 'text-zinc-400' },
  DELIVERED: { icon: CheckCheck, label: 'Delivered', className: 'text-zinc-400' },
  SEEN: { icon: CheckCheck, label: 'Seen', className: 'text-sky-500' },
  FAILED: { icon: AlertCircle, label: 'Failed', className: 'text-red-600' },
} as const;

/** The status tick; the latest message of ours also says it in words, as Messenger does under the last one. */
export function StatusTick({ status, withLabel = false }: { status: Message['status']; withLabel?: boolean }) {
  const info = STATUS[status] ?? STATUS.SENT;
  const Icon = info.icon;
  return (
    <span className={cn('inline-flex items-center gap-0.5', info.className)} aria-label={info.label} title={info.label}>
      <Icon className="size-3.5" aria-hidden />
      {withLabel ? <span aria-hidden>{info.label}</span> : null}
    </span>
  );
}

function Attachment({ attachment }: { attachment: MessageAttachment }) {
  if (attachment.type === 'IMAGE' && attachment.url) {
    return (
      <a href={attachment.url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-2xl">
        <img src={attachment.url} alt="Image attachment" loading="lazy" className="max-h-64 w-auto max-w-full bg-zinc-100 object-cover" />
      </a>
    );
  }
  const Icon =
    attachment.type === 'VIDEO' ? Film : attachment.type === 'AUDIO' ? Music : attachment.type === 'POST' || attachment.type === 'UNKNOWN' ? Link2 : FileText;
  const label =
    ({ VIDEO: 'Video', AUDIO: 'Audio', FILE: 'File', POST: 'Shared post', UNKNOWN: 'Shared content' } as Record<string, string>)[attachment.type] ??
    'Attachment';
  const body = (
    <span className="inline-flex items-center gap-2 rounded-2xl border border-zinc-200 bg-white px-3 py-2 text-sm text-zinc-700">
      <Icon className="size-4 text-zinc-500" aria-hidden />
      {label}
    </span>
  );
  return attachment.url ? (
    <a href={attachment.url} target="_blank" rel="noreferrer">
      {body}
    </a>
  ) : (
    body
  );
}

type BubbleProps = {
  message: Message;
  /** The message it answers, when it is in the loaded part of the thread. */
  repliedTo?: Message;
  canLove: boolean;
  onLove?: (message: Message) => void;
  /** The newest message we sent: its status is spelled out. */
  latestOutbound?: boolean;
};

/** One message as the thread shows it: inbound on the left in grey, ours on the right in the accent colour. */
export const MessageBubble = memo(function MessageBubble({ message, repliedTo, canLove, onLove, latestOutbound = false }: BubbleProps) {
  const outbound = message.direction === 'OUTBOUND';
  const data = message.platformData ?? {};
  const reactions = data.reactions ?? [];
  const loved = reactions.some((r) => r.reaction === 'love');
  const echo = message.source === 'ECHO' || data.isEcho;
  const at = message.sentAt ?? message.createdAt;
  const hasText = !!message.text && !data.isUnsent;
  const { buttons, quickReplies, cards } = richPartsOf(message);
  const privateReply = privateReplyContextOf(message);
  const label = `${outbound ? 'You' : 'They'}: ${data.isUnsent ? 'unsent message' : (message.text ?? 'attachment')}`;

  return (
    <article aria-label={label} className={cn('group flex flex-col gap-1 px-4 py-1', outbound ? 'items-end' : 'items-start')}>
      {message.replyTo ? (
        <div className={cn('flex max-w-[70%] items-center gap-1 text-xs text-zinc-500', outbound ? 'flex-row-reverse' : '')}>
          <CornerUpLeft className="size-3 shrink-0" aria-hidden />
          <span className="truncate rounded-lg bg-zinc-100 px-2 py-1">
            Replying to {repliedTo ? `“${repliedTo.text ?? 'an attachment'}”` : 'an earlier message'}
          </span>
        </div>
      ) : null}
      {privateReply ? (
        <div className="max-w-[70%] rounded-lg border border-dashed border-zinc-300 px-2.5 py-1.5 text-xs text-zinc-500">
          In answer to {privateReply.authorName ? `${privateReply.authorName}'s comment` : 'a comment'}
          {privateReply.text ? `: “${privateReply.text}”` : ''}
        </div>
      ) : null}

      <div className={cn('relative flex max-w-[70%] flex-col gap-1', outbound ? 'items-end' : 'items-start')}>
        {data.isUnsent ? (
          <p className="rounded-2xl border border-zinc-200 px-3.5 py-2 text-sm text-zinc-400 italic">
            <Undo2 className="mr-1 inline size-3.5" aria-hidden />
            Message unsent
          </p>
        ) : null}
        {hasText ? (
          <div
            className={cn('overflow-hidden rounded-2xl shadow-xs', outbound ? 'rounded-br-md' : 'rounded-bl-md', buttons.length && 'border border-zinc-200')}
          >
            <p
              className={cn(
                'px-3.5 py-2 text-sm break-words whitespace-pre-wrap',
                outbound ? (message.status === 'FAILED' ? 'bg-red-50 text-red-900' : 'bg-accent-600 text-white') : 'bg-zinc-100 text-zinc-900',
                echo && outbound && 'bg-zinc-700',
              )}
            >
              {message.text}
            </p>
            {buttons.length ? <MessageButtons buttons={buttons} /> : null}
          </div>
        ) : null}
        {!data.isUnsent && message.attachments.map((attachment, index) => <Attachment key={index} attachment={attachment} />)}
        {cards.length ? <Carousel cards={cards} /> : null}
        {quickReplies.length ? <QuickReplies replies={quickReplies} /> : null}
        {reactions.length ? (
          <span
            className={cn('-mt-2 rounded-full bg-white px-1.5 py-0.5 text-xs shadow ring-1 ring-zinc-200', outbound ? 'mr-2' : 'ml-2')}
            aria-label={`Reactions: ${reactions.map((r) => r.emoji ?? r.reaction).join(' ')}`}
          >
            {reactions.map((r) => r.emoji ?? (r.reaction === 'love' ? '❤️' : r.reaction)).join('')}
          </span>
        ) : null}
        {canLove && !outbound && !data.isUnsent && onLove ? (
          <button
            type="button"
            onClick={() => onLove(message)}
            className={cn(
              'absolute top-1/2 -right-8 -translate-y-1/2 rounded-full p-1 text-zinc-400 opacity-0 transition group-hover:opacity-100 hover:bg-zinc-100 hover:text-pink-500 focus:opacity-100',
              loved && 'text-pink-500',
            )}
            aria-label={loved ? 'Remove love reaction' : 'React with love'}
          >
            <Heart className={cn('size-4', loved && 'fill-current')} aria-hidden />
          </button>
        ) : null}
      </div>

      <div className={cn('flex items-center gap-1.5 text-[11px] text-zinc-400', outbound ? 'flex-row-reverse' : '')}>
        <time dateTime={at} title={new Date(at).toLocaleString()}>
          {time(at)}
        </time>
        {outbound ? <StatusTick status={message.status} withLabel={latestOutbound} /> : null}
        {echo ? (
          <span className="inline-flex items-center gap-0.5" title="Sent from the platform's own app, not from SocialDesk">
            <Smartphone className="size-3" aria-hidden />
            Sent from the app
          </span>
        ) : null}
        {message.source === 'PRIVATE_REPLY' ? <span>Private reply</span> : null}
        {data.isEdited ? (
          <span className="inline-flex items-center gap-0.5" title={data.editedAt ? `Edited ${new Date(data.editedAt).toLocaleString()}` : 'Edited'}>
            <Pencil className="size-3" aria-hidden />
            Edited
          </span>
        ) : null}
        {data.isPostback ? <span title={data.postbackPayload ?? undefined}>Tapped a button</span> : null}
      </div>
      {message.status === 'FAILED' ? (
        <p role="note" className="max-w-[70%] text-right text-xs text-red-700">
          Not delivered{message.error ? `: ${message.error}` : ''}
        </p>
      ) : null}
    </article>
  );
});
