import { addDays, addMinutes, format, isToday } from 'date-fns';
import { TriangleAlert } from 'lucide-react';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { cn } from '@/lib/cn';
import type { CalendarPost } from '../api/get-calendar-posts';
import type { LimitWarning } from '../hooks/use-limit-warnings';
import type { usePostMove } from '../hooks/use-post-move';
import { dayKey, SLOT_MINUTES, SLOTS_PER_DAY, slotOf, slotStart } from '../lib/calendar-dates';
import { NewPostHere } from './new-post-here';
import { PostChip, type MoveKey } from './post-chip';

// Where the day starts on screen when the week has nothing earlier: the working morning.
const FIRST_SHOWN_SLOT = (7 * 60) / SLOT_MINUTES;

type WeekGridProps = {
  days: Date[];
  posts: CalendarPost[];
  warnings: Map<string, LimitWarning[]>;
  moves: ReturnType<typeof usePostMove>;
  onOpen: (post: CalendarPost) => void;
  onNewPost: (at: Date) => void;
};

function keyMove(post: CalendarPost, arrow: MoveKey): Date {
  const at = new Date(post.postDate);
  if (arrow === 'ArrowLeft' || arrow === 'ArrowRight') return addDays(at, arrow === 'ArrowLeft' ? -1 : 1);
  return addMinutes(at, arrow === 'ArrowUp' ? -SLOT_MINUTES : SLOT_MINUTES);
}

/** The week by the half hour: a post sits in its slot; dropped on another slot it takes that day and time. */
export function WeekGrid({ days, posts, warnings, moves, onOpen, onNewPost }: WeekGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const bySlot = useMemo(() => {
    const map = new Map<string, CalendarPost[]>();
    for (const post of posts) {
      const at = new Date(post.postDate);
      const key = `${dayKey(at)}|${slotOf(at)}`;
      map.set(key, [...(map.get(key) ?? []), post]);
    }
    return map;
  }, [posts]);
  const weekKey = dayKey(days[0]!);
  const firstSlot = Math.min(FIRST_SHOWN_SLOT, ...posts.map((post) => slotOf(new Date(post.postDate))));

  // Opens on the morning (or the week's earliest post), not at midnight; once per week shown.
  useLayoutEffect(() => {
    const row = scroller.current?.querySelector<HTMLElement>(`[data-slot="${firstSlot}"]`);
    // Below the sticky day header, with the hour's label (drawn half a line up) in view.
    if (scroller.current && row) scroller.current.scrollTop = row.offsetTop - 56;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the person's own scrolling wins after the first position
  }, [weekKey]);

  const now = Date.now();
  return (
    <div ref={scroller} className="relative max-h-[calc(100dvh-15rem)] min-h-[28rem] overflow-auto overscroll-contain">
      <div className="grid min-w-[46rem] grid-cols-[3.25rem_repeat(7,minmax(0,1fr))]">
        <div className="contents">
          <div className="sticky top-0 left-0 z-30 border-b border-zinc-200 bg-zinc-50" />
          {days.map((day) => {
            const dayWarnings = warnings.get(dayKey(day)) ?? [];
            return (
              <div
                key={dayKey(day)}
                className="sticky top-0 z-20 flex items-center gap-1.5 border-b border-l border-zinc-200 bg-zinc-50 px-2 py-2 text-xs font-medium text-zinc-500"
              >
                <span>{format(day, 'EEE')}</span>
                <span
                  className={cn(
                    'flex size-6 items-center justify-center rounded-full text-xs font-semibold',
                    isToday(day) ? 'bg-accent-600 text-white' : 'text-zinc-800',
                  )}
                >
                  {format(day, 'd')}
                </span>
                {dayWarnings.length ? (
                  <span title={dayWarnings.map((w) => w.text).join('\n')} className="ml-auto text-amber-600">
                    <TriangleAlert className="size-4" aria-hidden />
                    <span className="sr-only">Daily limit warning: {dayWarnings.map((w) => w.text).join('; ')}</span>
                  </span>
                ) : null}
              </div>
            );
          })}
        </div>
        {Array.from({ length: SLOTS_PER_DAY }, (_, slot) => (
          <div key={slot} className="contents">
            <div data-slot={slot} aria-hidden className="sticky left-0 z-10 bg-white pr-1.5 text-right text-[11px] tabular-nums text-zinc-400">
              {slot % 2 === 0 ? <span className="relative -top-2">{format(slotStart(days[0]!, slot), 'HH:mm')}</span> : null}
            </div>
            {days.map((day) => {
              const cellKey = `${dayKey(day)}|${slot}`;
              const start = slotStart(day, slot);
              const list = bySlot.get(cellKey) ?? [];
              const over = moves.over(cellKey);
              return (
                <div
                  key={cellKey}
                  {...moves.dropZone(cellKey, () => start)}
                  className={cn(
                    'relative min-h-7 min-w-0 border-l border-zinc-100 p-0.5',
                    slot % 2 === 1 ? 'border-b border-b-zinc-200' : 'border-b border-dashed border-b-zinc-100',
                    start.getTime() < now && 'bg-zinc-50/70',
                    over && (over.warnings.length ? 'bg-amber-50 ring-2 ring-amber-400 ring-inset' : 'bg-accent-50 ring-2 ring-accent-400 ring-inset'),
                  )}
                >
                  {start.getTime() > now ? <NewPostHere at={start} onNewPost={onNewPost} /> : null}
                  {over?.warnings.map((warning) => (
                    <p key={warning} role="status" className="relative z-10 rounded bg-amber-100 px-1 text-[11px] font-medium leading-snug text-amber-900">
                      {warning}
                    </p>
                  ))}
                  {list.length ? (
                    <ul aria-label={`Posts on ${format(day, 'MMMM d')} at ${format(start, 'HH:mm')}`} className="relative flex flex-col gap-0.5">
                      {list.map((post) => (
                        <li key={post.id}>
                          <PostChip
                            post={post}
                            moveHint="another day or half hour"
                            onOpen={onOpen}
                            onDragState={moves.onDragState}
                            onKeyMove={(moved, arrow) => moves.move(moved, keyMove(moved, arrow))}
                          />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
