import { GalleryHorizontal, ImagePlus, ListPlus, MousePointerClick, Send, X } from 'lucide-react';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSendMessage } from '../api/send-message';
import type { Conversation, MessageContent } from '../lib/inbox-types';
import { compactContent, contentProblems, MESSAGE_LIMITS, textLength } from '../lib/message-rules';
import { AttachmentPicker, type PickedAttachment } from './attachment-picker';
import { participantName } from './participant';
import { ClosedWindowNotice, HumanAgentNotice, ReplyWindowCountdown, useReplyWindow } from './reply-window-notice';
import { EMPTY_RICH, RichBuilder, richContent, type RichDraft, type RichKind } from './rich-builder';
import { Carousel, MessageButtons, QuickReplies } from './rich-content';

export const REPLY_BOX_ID = 'inbox-reply';

const KINDS: { kind: RichKind; label: string; icon: typeof ListPlus }[] = [
  { kind: 'quickReplies', label: 'Quick replies', icon: ListPlus },
  { kind: 'buttons', label: 'Buttons', icon: MousePointerClick },
  { kind: 'carousel', label: 'Carousel', icon: GalleryHorizontal },
];

/**
 * Write, attach, build rich content and send (Ctrl+Enter); after the 24-hour window, open as a human
 * agent where the account offers it (up to 7 days), else closed with its reason.
 */
export function Composer({ conversation }: { conversation: Conversation }) {
  const window = useReplyWindow(conversation);
  const [text, setText] = useState('');
  const [picking, setPicking] = useState(false);
  const [attachments, setAttachments] = useState<PickedAttachment[]>([]);
  const [kind, setKind] = useState<RichKind | null>(null);
  const [rich, setRich] = useState<RichDraft>(EMPTY_RICH);
  const send = useSendMessage(conversation.id);
  const platform = conversation.platform;

  const content: MessageContent = useMemo(
    () => ({ text, attachments: attachments.map(({ type, url }) => ({ type, url })), ...richContent(kind, rich) }),
    [text, attachments, kind, rich],
  );
  const problems = useMemo(() => contentProblems(content, platform), [content, platform]);
  const pristine = !text.trim() && attachments.length === 0 && !kind;
  const { used, unit } = textLength(text, platform);

  if (window.state === 'waiting' || window.state === 'expired') {
    return (
      <div className="border-t border-zinc-200 bg-white p-3">
        <ClosedWindowNotice window={window} participant={participantName(conversation)} />
      </div>
    );
  }

  const submit = () => {
    if (problems.length > 0 || send.isPending) return;
    send.mutate(
      { content: compactContent(content) },
      {
        onSuccess: () => {
          setText('');
          setAttachments([]);
          setKind(null);
          setRich(EMPTY_RICH);
          setPicking(false);
        },
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
    if (event.key === 'Escape') event.currentTarget.blur();
  };
  const textProblem = problems.find((p) => p.path === 'text' || p.path.startsWith('attachments'));
  const previewRich = richContent(kind, rich);

  return (
    <form
      aria-label="Reply"
      className="space-y-2 border-t border-zinc-200 bg-white p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {window.state === 'humanAgent' ? <HumanAgentNotice window={window} participant={participantName(conversation)} /> : null}
      {kind ? (
        <div className="space-y-2">
          <div className="flex items-center justify-between">
            <p className="text-xs font-medium text-zinc-600">The person sees:</p>
            <Button type="button" variant="ghost" size="sm" onClick={() => setKind(null)}>
              <X className="size-3.5" aria-hidden />
              Remove {KINDS.find((k) => k.kind === kind)!.label.toLowerCase()}
            </Button>
          </div>
          <div aria-label="Preview" className="flex flex-col items-end gap-1 rounded-lg bg-zinc-50 p-2">
            {text.trim() ? (
              <div className="max-w-[70%] overflow-hidden rounded-2xl rounded-br-md border border-zinc-200">
                <p className="bg-accent-600 px-3.5 py-2 text-sm whitespace-pre-wrap text-white">{text}</p>
                {previewRich.buttons?.length ? <MessageButtons buttons={previewRich.buttons} /> : null}
              </div>
            ) : null}
            {previewRich.carousel?.cards.length ? <Carousel cards={previewRich.carousel.cards} /> : null}
            {previewRich.quickReplies?.length ? <QuickReplies replies={previewRich.quickReplies} /> : null}
          </div>
          <RichBuilder kind={kind} draft={rich} platform={platform} problems={problems} onChange={setRich} />
        </div>
      ) : null}
      {picking ? (
        <AttachmentPicker
          teamId={conversation.teamId}
          picked={attachments}
          onToggle={(picked) =>
            setAttachments((list) =>
              list.some((a) => a.uploadId === picked.uploadId) ? list.filter((a) => a.uploadId !== picked.uploadId) : [...list, picked],
            )
          }
        />
      ) : null}
      <div className="rounded-lg border border-zinc-300 shadow-xs focus-within:border-accent-500 focus-within:ring-2 focus-within:ring-accent-500/20">
        <textarea
          id={REPLY_BOX_ID}
          aria-label="Message"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={3}
          placeholder={`Reply to ${participantName(conversation)}…  (Ctrl+Enter to send)`}
          className="block w-full resize-none rounded-t-lg border-0 bg-transparent px-3 py-2 text-sm text-zinc-900 placeholder:text-zinc-400 focus:ring-0 focus:outline-none"
        />
        <div className="flex flex-wrap items-center gap-1 border-t border-zinc-100 px-2 py-1.5">
          <Button type="button" variant="ghost" size="sm" aria-pressed={picking} onClick={() => setPicking((v) => !v)} disabled={kind === 'carousel'}>
            <ImagePlus className="size-3.5" aria-hidden />
            Attach{attachments.length ? ` (${attachments.length})` : ''}
          </Button>
          {KINDS.map(({ kind: k, label, icon: Icon }) => (
            <Button
              key={k}
              type="button"
              variant="ghost"
              size="sm"
              aria-pressed={kind === k}
              onClick={() => {
                setKind(kind === k ? null : k);
                if (k === 'carousel') setPicking(false);
              }}
            >
              <Icon className="size-3.5" aria-hidden />
              {label}
            </Button>
          ))}
          <span className="ml-auto flex items-center gap-3">
            <ReplyWindowCountdown window={window} />
            <span
              className={cn('text-[11px] tabular-nums', used > MESSAGE_LIMITS.text ? 'font-semibold text-red-600' : 'text-zinc-400')}
              aria-label={`${used} of ${MESSAGE_LIMITS.text} ${unit}`}
              title={unit === 'bytes' ? 'Instagram counts bytes: emoji and accented letters take more than one' : undefined}
            >
              {used}/{MESSAGE_LIMITS.text} {unit}
            </span>
            <Button type="submit" size="sm" pending={send.isPending} disabled={pristine || problems.length > 0}>
              <Send className="size-3.5" aria-hidden />
              Send
            </Button>
          </span>
        </div>
      </div>
      {attachments.length ? (
        <ul aria-label="Attachments" className="flex flex-wrap gap-1.5">
          {attachments.map((a) => (
            <li key={a.uploadId} className="relative">
              {a.type === 'IMAGE' ? (
                <img src={a.url} alt="" className="size-12 rounded-md object-cover" />
              ) : (
                <span className="block size-12 rounded-md bg-zinc-200" />
              )}
              <button
                type="button"
                className="absolute -top-1.5 -right-1.5 rounded-full bg-white p-0.5 shadow ring-1 ring-zinc-200"
                aria-label="Remove attachment"
                onClick={() => setAttachments((list) => list.filter((x) => x.uploadId !== a.uploadId))}
              >
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {/* Said once the person has written or attached something: choosing a builder is not yet a mistake. */}
      {(text.trim() || attachments.length > 0) && textProblem ? <p className="text-xs text-red-600">{textProblem.message}</p> : null}
      {send.isError ? (
        <p role="alert" className="text-xs text-red-700">
          {errorMessage(send.error)}
        </p>
      ) : null}
    </form>
  );
}
