import { Link, useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useDailyLimitsRange } from '@/api/get-daily-limits';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useCalendarPosts, type CalendarPost } from '../api/get-calendar-posts';
import { useLimitWarnings } from '../hooks/use-limit-warnings';
import { usePostMove } from '../hooks/use-post-move';
import { composerAt, dayKey, rangeOf, utcSpan, visibleDays } from '../lib/calendar-dates';
import type { CalendarSearch, CalendarView } from '../lib/calendar-search';
import { AgendaList } from './agenda-list';
import { CalendarToolbar } from './calendar-toolbar';
import { MonthGrid } from './month-grid';
import { PostPeekDialog } from './post-peek-dialog';
import { WeekGrid } from './week-grid';

type CalendarPageProps = {
  teamId: string;
  view: CalendarView;
  anchor: Date;
  filters: Pick<CalendarSearch, 'account' | 'status'>;
  onNavigate: (change: Partial<CalendarSearch>) => void;
};

const HELP: Record<CalendarView, string> = {
  month: 'Drag a post to another day to move it there at the same time; click an empty day to plan a post on it.',
  week: 'Drag a post to another half hour to move it to that day and time; click an empty slot to plan a post at that time.',
  agenda: 'Every post of the month, day by day.',
};

export function CalendarPage({ teamId, view, anchor, filters, onNavigate }: CalendarPageProps) {
  const navigate = useNavigate();
  const days = useMemo(() => visibleDays(view, anchor), [view, anchor]);
  const range = rangeOf(days);
  const posts = useCalendarPosts(teamId, range.from.toISOString(), range.to.toISOString());
  // One request for every account and day on screen (the route's loader starts it beside the posts).
  const span = utcSpan(range);
  const limits = useDailyLimitsRange(teamId, span.from, span.to);
  const [opened, setOpened] = useState<CalendarPost | null>(null);

  const all = useMemo(() => posts.data?.items ?? [], [posts.data]);
  const shown = useMemo(
    () =>
      all.filter(
        (post) =>
          (!filters.status || post.status === filters.status) &&
          (!filters.account || post.socialAccounts.some((link) => link.socialAccountId === filters.account)),
      ),
    [all, filters.account, filters.status],
  );
  const byDay = useMemo(() => {
    const map = new Map<string, CalendarPost[]>();
    for (const post of shown) {
      const key = dayKey(new Date(post.postDate));
      map.set(key, [...(map.get(key) ?? []), post]);
    }
    return map;
  }, [shown]);
  // Warnings count every post: an account's quota is used whatever the filters show.
  const warnings = useLimitWarnings(all, limits.data);
  const moves = usePostMove(all, warnings.whenMoved);

  const onNewPost = useCallback((at: Date) => void navigate({ to: '/posts/new', search: { at: composerAt(at) } }), [navigate]);
  const loading = !posts.data && !posts.isError;

  return (
    <>
      <PageHeader
        title="Calendar"
        description="Scheduled and published posts by day and hour."
        actions={
          <Button asChild>
            <Link to="/posts/new">
              <Plus className="size-4" aria-hidden />
              New post
            </Link>
          </Button>
        }
      />
      <Card className="overflow-hidden">
        <CalendarToolbar teamId={teamId} view={view} anchor={anchor} filters={filters} updating={posts.isFetching && !!posts.data} onNavigate={onNavigate} />
        {posts.isError && !posts.data ? (
          <p role="alert" className="p-5 text-sm text-red-700">
            The posts could not be loaded: {errorMessage(posts.error)}{' '}
            <button type="button" className="underline" onClick={() => posts.refetch()}>
              Try again
            </button>
          </p>
        ) : null}
        {view === 'month' ? (
          <MonthGrid
            days={days}
            anchor={anchor}
            byDay={byDay}
            warnings={warnings.byDay}
            loading={loading}
            moves={moves}
            onOpen={setOpened}
            onShowWeek={(day) => onNavigate({ view: 'week', date: day })}
            onNewPost={onNewPost}
          />
        ) : null}
        {view === 'week' ? <WeekGrid days={days} posts={shown} warnings={warnings.byDay} moves={moves} onOpen={setOpened} onNewPost={onNewPost} /> : null}
        {view === 'agenda' ? (
          <AgendaList
            days={days}
            byDay={byDay}
            warnings={warnings.byDay}
            loading={loading}
            filtered={!!(filters.account || filters.status)}
            onOpen={setOpened}
            onNewPost={onNewPost}
          />
        ) : null}
      </Card>
      <p className="mt-3 text-xs text-zinc-500">
        {HELP[view]}
        {view === 'agenda' ? '' : ' Drafts and scheduled posts can be moved; with the keyboard, focus a post and press Alt with an arrow key.'}
        {posts.data && posts.data.total > posts.data.items.length ? ` Showing the first ${posts.data.items.length} of ${posts.data.total} posts.` : ''}
      </p>
      <PostPeekDialog post={opened} onClose={() => setOpened(null)} />
    </>
  );
}

export function CalendarSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the calendar">
      <PageHeader title="Calendar" />
      <Skeleton className="h-[36rem]" />
    </div>
  );
}
