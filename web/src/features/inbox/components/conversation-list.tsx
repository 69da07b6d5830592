import { useVirtualizer } from '@tanstack/react-virtual';
import { Inbox, Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import type { Conversation } from '../lib/inbox-types';
import { ConversationRow, ROW_HEIGHT } from './conversation-row';

type ConversationListProps = {
  conversations: Conversation[];
  total: number | undefined;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  filtered: boolean;
};

/**
 * The conversations, virtualized: only the rows in view (plus a few) are in the DOM, whatever the
 * count. The next cursor page loads as the end comes into view.
 */
export function ConversationList({ conversations, total, selectedId, onSelect, loading, hasMore, loadingMore, onLoadMore, filtered }: ConversationListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: conversations.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => conversations[index]!.id,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= conversations.length - 20) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, conversations.length, onLoadMore]);

  // Keyboard moves (j/k) keep the selected row in view.
  const selectedIndex = selectedId ? conversations.findIndex((c) => c.id === selectedId) : -1;
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  if (loading) {
    return (
      <div className="space-y-1 p-3" aria-busy="true" aria-label="Loading conversations">
        {Array.from({ length: 8 }, (_, index) => (
          <div key={index} className="flex items-center gap-3 py-2">
            <Skeleton className="size-9 rounded-full" />
            <div className="flex-1 space-y-1.5">
              <Skeleton className="h-3 w-1/2" />
              <Skeleton className="h-3 w-3/4" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (conversations.length === 0) {
    return (
      <EmptyState
        icon={Inbox}
        title={filtered ? 'No conversation matches' : 'No conversations yet'}
        description={filtered ? 'Change or clear the filters.' : 'Direct messages to your Instagram and Facebook accounts appear here as they arrive.'}
      />
    );
  }
  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto" data-testid="conversation-scroller">
      <div role="listbox" aria-label="Conversations" aria-setsize={total} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => (
          <div key={item.key} style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}>
            <ConversationRow conversation={conversations[item.index]!} selected={conversations[item.index]!.id === selectedId} onSelect={onSelect} />
          </div>
        ))}
      </div>
      {loadingMore ? (
        <p className="flex items-center justify-center gap-2 py-3 text-xs text-zinc-500">
          <Loader2 className="size-3.5 animate-spin" aria-hidden />
          Loading more…
        </p>
      ) : null}
    </div>
  );
}
