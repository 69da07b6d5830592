import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Loader2 } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ReviewItem } from '../lib/review-item';
import { ReviewRow } from './review-row';

type ReviewFeedProps = {
  teamId: string;
  items: ReviewItem[];
  total: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  onDeleteReply: (review: ReviewItem) => void;
};

// A row is about this tall before it is measured; the real height replaces it once rendered.
const ESTIMATED_ROW = 150;
// Ask for the next page while this many loaded rows are still below the screen.
const PREFETCH_ROWS = 15;

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && !!target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="alertdialog"], [role="menu"]');

/**
 * The reviews as an ARIA feed, virtualized against the window's scroll: however many reviews the
 * team has, only the rows on screen (and a few around them) are in the DOM, and the next page is
 * fetched before the reader reaches the end. `j`/`k` move between reviews, `r` replies.
 */
export function ReviewFeed({ teamId, items, total, hasNextPage, isFetchingNextPage, fetchNextPage, onDeleteReply }: ReviewFeedProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const focusPending = useRef(false);

  // The feed starts below the header, filters and import panel: the virtualizer counts from there.
  useLayoutEffect(() => {
    const measure = () => setScrollMargin((listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    if (listRef.current?.parentElement) observer.observe(listRef.current.parentElement);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: items.length + (hasNextPage ? 1 : 0),
    estimateSize: () => ESTIMATED_ROW,
    overscan: 4,
    scrollMargin,
    getItemKey: (index) => items[index]?.id ?? 'next-page',
  });
  const virtualRows = virtualizer.getVirtualItems();

  const lastIndex = virtualRows.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= items.length - PREFETCH_ROWS) fetchNextPage();
  }, [lastIndex, items.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // The active review is kept by id: a review arriving live at the top does not move the selection.
  const activeIndex = Math.max(
    0,
    items.findIndex((item) => item.id === activeId),
  );
  const active = items[activeIndex];

  const focusRow = useCallback(
    (index: number) => {
      virtualizer.scrollToIndex(index, { align: 'auto' });
      focusPending.current = true;
    },
    [virtualizer],
  );

  useEffect(() => {
    if (!focusPending.current) return;
    const row = listRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    if (!row) return;
    focusPending.current = false;
    row.focus({ preventScroll: true });
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (event.key === '/') {
        event.preventDefault();
        document.querySelector<HTMLInputElement>('[data-review-search]')?.focus();
        return;
      }
      if (items.length === 0) return;
      if (event.key === 'j' || event.key === 'k') {
        event.preventDefault();
        const next = Math.min(items.length - 1, Math.max(0, activeIndex + (event.key === 'j' ? 1 : -1)));
        setActiveId(items[next]!.id);
        focusRow(next);
      } else if (event.key === 'r' && active) {
        event.preventDefault();
        setActiveId(active.id);
        setEditingId(active.id);
        // The editor takes the focus; the row only needs to be on screen.
        virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [items, activeIndex, active, focusRow, virtualizer]);

  const onEditDone = useCallback(
    (index: number) => () => {
      setEditingId(null);
      focusPending.current = true;
      setActiveId(items[index]?.id ?? null);
    },
    [items],
  );

  return (
    <div ref={listRef}>
      <div role="feed" aria-label="Reviews" aria-busy={isFetchingNextPage} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualRows.map((row) => {
          const review = items[row.index];
          const style = { transform: `translateY(${row.start - scrollMargin}px)` };
          if (!review) {
            return (
              <div
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                className="absolute top-0 left-0 flex w-full items-center justify-center gap-2 py-6 text-sm text-zinc-500"
                style={style}
              >
                <Loader2 className="size-4 animate-spin" aria-hidden /> Loading more reviews…
              </div>
            );
          }
          const isActive = review.id === active?.id;
          return (
            <article
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              aria-posinset={row.index + 1}
              aria-setsize={total}
              aria-labelledby={`review-${review.id}-title`}
              aria-current={isActive || undefined}
              tabIndex={isActive ? 0 : -1}
              className="absolute top-0 left-0 w-full border-b border-zinc-100 outline-none last:border-b-0 focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:ring-inset"
              style={style}
            >
              <ReviewRow
                teamId={teamId}
                review={review}
                active={isActive}
                editing={editingId === review.id}
                onActivate={() => setActiveId(review.id)}
                onEdit={() => {
                  setActiveId(review.id);
                  setEditingId(review.id);
                }}
                onEditDone={onEditDone(row.index)}
                onDelete={() => onDeleteReply(review)}
              />
            </article>
          );
        })}
      </div>
    </div>
  );
}
