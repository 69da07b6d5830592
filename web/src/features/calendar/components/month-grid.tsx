import { format, isToday } from 'date-fns';
import { Plus, TriangleAlert } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import type { CalendarPost } from '../api/get-calendar-posts';
import type { LimitWarning } from '../hooks/use-limit-warnings';
import type { usePostMove } from '../hooks/use-post-move';
import { dayKey, inMonth, moveToDay, newPostTimeOn } from '../lib/calendar-dates';
import { NewPostHere } from './new-post-here';
import { PostChip, type MoveKey } from './post-chip';

// A month cell stays readable: past this many posts it offers the week view instead.
const MONTH_CHIPS = 3;

const DAYS_BY_KEY: Record<MoveKey, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

type MonthGridProps = {
  days: Date[];
  anchor: Date;
  byDay: Map<string, CalendarPost[]>;
  warnings: Map<string, LimitWarning[]>;
  loading: boolean;
  moves: ReturnType<typeof usePostMove>;
  onOpen: (post: CalendarPost) => void;
  onShowWeek: (day: string) => void;
  onNewPost: (at: Date) => void;
};

/** Six weeks of days; a post dragged to another day keeps its time of day. */
export function MonthGrid({ days, anchor, byDay, warnings, loading, moves, onOpen, onShowWeek, onNewPost }: MonthGridProps) {
  return (
    <>
      <div className="grid grid-cols-7 border-b border-zinc-200 bg-zinc-50/60 text-xs font-medium text-zinc-500" aria-hidden>
        {days.slice(0, 7).map((day) => (
          <div key={dayKey(day)} className="px-2 py-2">
            <span className="sm:hidden">{format(day, 'EEEEE')}</span>
            <span className="hidden sm:inline">{format(day, 'EEE')}</span>
          </div>
        ))}
      </div>
      <div className="grid grid-cols-7" aria-busy={loading || undefined}>
        {days.map((day) => {
          const key = dayKey(day);
          const list = byDay.get(key) ?? [];
          const dayWarnings = warnings.get(key) ?? [];
          const over = moves.over(key);
          const newAt = newPostTimeOn(day);
          const shown = list.length > MONTH_CHIPS ? list.slice(0, MONTH_CHIPS - 1) : list;
          return (
            <div
              key={key}
              role="group"
              aria-label={format(day, 'EEEE, MMMM d')}
              {...moves.dropZone(key, (post) => moveToDay(new Date(post.postDate), day))}
              className={cn(
                'group/day relative flex min-h-20 min-w-0 flex-col gap-1 border-r border-b border-zinc-100 p-1 transition-colors sm:min-h-32 sm:p-1.5 [&:nth-child(7n)]:border-r-0',
                !inMonth(day, anchor) && 'bg-zinc-50/70',
                over && (over.warnings.length ? 'bg-amber-50 ring-2 ring-amber-400 ring-inset' : 'bg-accent-50 ring-2 ring-accent-400 ring-inset'),
              )}
            >
              {newAt ? <NewPostHere at={newAt} onNewPost={onNewPost} /> : null}
              <div className="pointer-events-none relative flex items-center justify-between">
                <span
                  className={cn(
                    'flex size-6 items-center justify-center rounded-full text-xs font-medium',
                    isToday(day) ? 'bg-accent-600 text-white' : !inMonth(day, anchor) ? 'text-zinc-400' : 'text-zinc-700',
                  )}
                >
                  {format(day, 'd')}
                </span>
                {newAt ? <Plus className="hidden size-3.5 text-zinc-400 group-hover/day:block" aria-hidden /> : null}
                {dayWarnings.length ? (
                  <span title={dayWarnings.map((w) => w.text).join('\n')} className="text-amber-600">
                    <TriangleAlert className="size-4" aria-hidden />
                    <span className="sr-only">Daily limit warning</span>
                  </span>
                ) : null}
              </div>
              {dayWarnings.length ? (
                <ul aria-label="Daily limit warnings" className="relative hidden space-y-0.5 sm:block">
                  {dayWarnings.map((warning) => (
                    <li key={warning.key} className="rounded bg-amber-50 px-1 text-[11px] leading-snug text-amber-800">
                      {warning.text}
                    </li>
                  ))}
                </ul>
              ) : null}
              {over?.warnings.map((warning) => (
                <p key={warning} role="status" className="relative rounded bg-amber-100 px-1 text-[11px] font-medium leading-snug text-amber-900">
                  {warning}
                </p>
              ))}
              {loading ? <Skeleton className="h-5" /> : null}
              <ul aria-label={`Posts on ${format(day, 'MMMM d')}`} className="relative flex flex-col gap-1">
                {shown.map((post) => (
                  <li key={post.id}>
                    <PostChip
                      post={post}
                      compactOnPhone
                      moveHint="another day"
                      onOpen={onOpen}
                      onDragState={moves.onDragState}
                      onKeyMove={(moved, arrow) => moves.move(moved, moveToDay(new Date(moved.postDate), addDaysTo(day, DAYS_BY_KEY[arrow])))}
                    />
                  </li>
                ))}
                {list.length > shown.length ? (
                  <li>
                    <button
                      type="button"
                      className="w-full rounded px-1 py-0.5 text-left text-xs font-medium text-zinc-600 hover:bg-zinc-100"
                      onClick={() => onShowWeek(key)}
                    >
                      +{list.length - shown.length} more
                      <span className="sr-only"> on {format(day, 'MMMM d')}: show the week</span>
                    </button>
                  </li>
                ) : null}
              </ul>
            </div>
          );
        })}
      </div>
    </>
  );
}

function addDaysTo(day: Date, days: number): Date {
  const next = new Date(day);
  next.setDate(next.getDate() + days);
  return next;
}
