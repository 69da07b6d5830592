import { format, isToday } from 'date-fns';
import { CalendarDays, Film, Plus, TriangleAlert } from 'lucide-react';
import { PlatformIcon } from '@/components/platform-icon';
import { PostStatusBadge } from '@/components/post-status-badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import type { CalendarPost } from '../api/get-calendar-posts';
import type { LimitWarning } from '../hooks/use-limit-warnings';
import { dayKey, newPostTimeOn } from '../lib/calendar-dates';
import { firstMedia } from '../lib/first-media';

type AgendaListProps = {
  days: Date[];
  byDay: Map<string, CalendarPost[]>;
  warnings: Map<string, LimitWarning[]>;
  loading: boolean;
  filtered: boolean;
  onOpen: (post: CalendarPost) => void;
  onNewPost: (at: Date) => void;
};

/** The month as a list of the days that have posts: full titles, readable on a phone. */
export function AgendaList({ days, byDay, warnings, loading, filtered, onOpen, onNewPost }: AgendaListProps) {
  if (loading) {
    return (
      <div className="space-y-3 p-4" aria-busy="true">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  const shown = days.filter((day) => byDay.has(dayKey(day)));
  if (!shown.length) {
    return (
      <EmptyState
        icon={CalendarDays}
        title={filtered ? 'No posts match the filters this month' : 'No posts this month'}
        description={filtered ? 'Clear the filters or look at another month.' : 'Plan one: pick a day in the month view, or write a new post.'}
      />
    );
  }
  return (
    <ol aria-label="Posts by day" className="divide-y divide-zinc-100">
      {shown.map((day) => {
        const key = dayKey(day);
        const newAt = newPostTimeOn(day);
        const dayWarnings = warnings.get(key) ?? [];
        return (
          <li key={key} className="px-3 py-3 sm:px-5">
            <div className="mb-2 flex items-center gap-2">
              <h3 className={cn('text-sm font-semibold', isToday(day) ? 'text-accent-700' : 'text-zinc-900')}>
                {isToday(day) ? 'Today, ' : ''}
                {format(day, 'EEEE, MMMM d')}
              </h3>
              {newAt ? (
                <button
                  type="button"
                  onClick={() => onNewPost(newAt)}
                  className="ml-auto inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-zinc-600 hover:bg-zinc-100"
                >
                  <Plus className="size-3.5" aria-hidden />
                  Add<span className="sr-only"> a post on {format(day, 'MMMM d')}</span>
                </button>
              ) : null}
            </div>
            {dayWarnings.map((warning) => (
              <p key={warning.key} className="mb-2 flex items-start gap-1.5 rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-800">
                <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden />
                {warning.text}
              </p>
            ))}
            <ul aria-label={`Posts on ${format(day, 'MMMM d')}`} className="space-y-2">
              {byDay.get(key)!.map((post) => (
                <li key={post.id}>
                  <AgendaRow post={post} onOpen={onOpen} />
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}

function AgendaRow({ post, onOpen }: { post: CalendarPost; onOpen: (post: CalendarPost) => void }) {
  const media = firstMedia(post);
  const time = format(new Date(post.postDate), 'HH:mm');
  return (
    <button
      type="button"
      onClick={() => onOpen(post)}
      className="flex w-full items-start gap-3 rounded-lg border border-zinc-200 p-2 text-left hover:border-zinc-300 hover:bg-zinc-50"
    >
      <span className="w-11 shrink-0 pt-0.5 text-sm font-medium tabular-nums text-zinc-900">{time}</span>
      {media ? (
        <span className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-md bg-zinc-200 text-zinc-500">
          {media.src ? <img src={media.src} alt="" loading="lazy" className="size-full object-cover" /> : <Film className="size-4" aria-hidden />}
        </span>
      ) : null}
      <span className="min-w-0 flex-1">
        <span className="block text-sm leading-snug font-medium break-words text-zinc-900">{post.title}</span>
        <span className="mt-1.5 flex flex-wrap items-center gap-1.5">
          <PostStatusBadge status={post.status} />
          {post.socialAccountTypes.map((platform) => (
            <PlatformIcon key={platform} platform={platform} size="sm" />
          ))}
        </span>
      </span>
    </button>
  );
}
