import { useVirtualizer } from '@tanstack/react-virtual';
import { Loader2, MessagesSquare } from 'lucide-react';
import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import type { Message } from '../lib/inbox-types';
import { MessageBubble } from './message-bubble';

type ThreadProps = {
  /** Oldest first. */
  messages: Message[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  canLove: boolean;
  onLove: (message: Message) => void;
};

const dayLabel = (iso: string) => new Date(iso).toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' });

/**
 * The messages of one conversation, virtualized (a 5,000-message thread keeps a screenful in the
 * DOM). Opens at the newest; older pages load as the top comes into view and the view stays on
 * the message that was at the top; new messages keep the view at the bottom when it was there.
 */
export function MessageThread({ messages, hasOlder, loadingOlder, onLoadOlder, canLove, onLove }: ThreadProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const byId = useMemo(() => new Map(messages.map((m) => [m.id, m])), [messages]);
  const latestOutboundId = useMemo(() => messages.findLast((m) => m.direction === 'OUTBOUND' && m.source !== 'ECHO')?.id, [messages]);
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 64,
    overscan: 6,
    getItemKey: (index) => messages[index]!.id,
  });

  // Where the view was before the list changed: anchored on the first message, or at the bottom.
  const anchor = useRef<{ firstId: string | undefined; atBottom: boolean; fromTop: number }>({ firstId: undefined, atBottom: true, fromTop: 0 });
  const firstId = messages[0]?.id;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || messages.length === 0) return;
    const before = anchor.current;
    if (before.firstId && before.firstId !== firstId) {
      // Older messages were put above: keep the previously first message where it was.
      const index = messages.findIndex((m) => m.id === before.firstId);
      if (index > 0) virtualizer.scrollToOffset((virtualizer.getOffsetForIndex(index, 'start')?.[0] ?? 0) + before.fromTop);
    } else if (before.atBottom) {
      virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
    }
  }, [messages, firstId, virtualizer]);

  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const atBottom = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
    anchor.current = { firstId, atBottom, fromTop: element.scrollTop };
    if (element.scrollTop < 400 && hasOlder && !loadingOlder) onLoadOlder();
  }, [firstId, hasOlder, loadingOlder, onLoadOlder]);

  // Scrolling asks for older pages, but the top can stay in view with nothing loading: a live
  // refetch (opening the thread reads it, which announces a change) cancels a page being fetched,
  // and no scroll event follows while the view sits at the top. Ask again once the thread settles.
  const loadOlder = useEffectEvent(() => onLoadOlder());
  useEffect(() => {
    const element = scroller.current;
    if (element && element.scrollTop < 400 && hasOlder && !loadingOlder) loadOlder();
  }, [messages, hasOlder, loadingOlder]);

  useLayoutEffect(() => {
    // Keep the anchor's first id current even when no scroll happened since the last change.
    anchor.current = { ...anchor.current, firstId };
  }, [firstId]);

  if (messages.length === 0) {
    return <EmptyState icon={MessagesSquare} title="No messages" description="This conversation has no messages yet." className="flex-1" />;
  }

  const items = virtualizer.getVirtualItems();
  return (
    <div ref={scroller} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto py-3" data-testid="message-scroller">
      {loadingOlder ? (
        <p className="flex items-center justify-center gap-2 py-2 text-xs text-zinc-500">
          <Loader2 className="size-3.5 animate-spin" aria-hidden />
          Loading earlier messages…
        </p>
      ) : null}
      <div role="log" aria-label="Messages" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const message = messages[item.index]!;
          const previous = messages[item.index - 1];
          const newDay = !previous || new Date(previous.createdAt).toDateString() !== new Date(message.createdAt).toDateString();
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              {newDay ? <p className="py-3 text-center text-[11px] font-medium tracking-wide text-zinc-400 uppercase">{dayLabel(message.createdAt)}</p> : null}
              <MessageBubble
                message={message}
                repliedTo={message.replyTo?.messageId ? byId.get(message.replyTo.messageId) : undefined}
                canLove={canLove}
                onLove={onLove}
                latestOutbound={message.id === latestOutboundId}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
