import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { addDays, format, isToday } from 'date-fns';
import { ChevronLeft, ChevronRight, Plus, TriangleAlert } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { platformLabel } from '@/lib/post-platforms';
import { useCalendarPosts, type CalendarPost } from '../api/get-calendar-posts';
import { dailyLimitsQueryOptions, useDailyLimits } from '@/api/get-daily-limits';
import { useReschedulePost } from '../api/reschedule-post';
import { dayKey, inMonth, moveToDay, periodLabel, rangeOf, shift, utcDay, visibleDays, type CalendarView } from '../lib/calendar-dates';
import { POST_DRAG_TYPE, PostChip } from './post-chip';
import { PostPeekDialog } from './post-peek-dialog';

type CalendarPageProps = { teamId: string; view: CalendarView; anchor: Date; onNavigate: (change: { view?: CalendarView; date?: string }) => void };

type LimitWarning = { key: string; text: string };

// A month cell stays readable: past this many posts it offers the week view instead.
const MONTH_CHIPS = 4;

function accountLabel(link: CalendarPost['socialAccounts'][number]): string {
  const account = link.socialAccount as { type?: string; username?: string | null } | null;
  const platform = platformLabel(account?.type ?? '');
  return account?.username ? `${platform} @${account.username.replace(/^@/, '')}` : platform;
}

/** Counts toward a day's quota: everything scheduled or out, not drafts. */
const counts = (post: CalendarPost) => post.status !== 'DRAFT' && post.status !== 'DELETED';

export function CalendarPage({ teamId, view, anchor, onNavigate }: CalendarPageProps) {
  const days = useMemo(() => visibleDays(view, anchor), [view, anchor]);
  const range = rangeOf(days);
  const posts = useCalendarPosts(teamId, range.from.toISOString(), range.to.toISOString());
  const reschedule = useReschedulePost();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState<CalendarPost | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [target, setTarget] = useState<{ day: string; warnings: string[] } | null>(null);

  const byDay = useMemo(() => {
    const map = new Map<string, CalendarPost[]>();
    for (const post of posts.data?.items ?? []) {
      const key = dayKey(new Date(post.postDate));
      map.set(key, [...(map.get(key) ?? []), post]);
    }
    return map;
  }, [posts.data]);

  // Daily limits are per account and UTC day; only days with posts can be at their limit.
  const pairs = useMemo(() => {
    const seen = new Map<string, { socialAccountId: string; date: string }>();
    for (const post of posts.data?.items ?? []) {
      if (!counts(post)) continue;
      for (const link of post.socialAccounts) {
        const date = utcDay(new Date(post.postDate));
        seen.set(`${link.socialAccountId}|${date}`, { socialAccountId: link.socialAccountId, date });
      }
    }
    return [...seen.values()];
  }, [posts.data]);
  const limits = useDailyLimits(pairs);
  const warnings = useMemo(() => {
    const full = new Map<string, string>();
    pairs.forEach((pair, i) => {
      const answer = limits[i]?.data;
      if (answer && answer.posts.used >= answer.posts.limit) full.set(`${pair.socialAccountId}|${pair.date}`, `${answer.posts.used} of ${answer.posts.limit}`);
    });
    const perDay = new Map<string, LimitWarning[]>();
    for (const [day, list] of byDay) {
      const found = new Map<string, LimitWarning>();
      for (const post of list.filter(counts)) {
        const date = utcDay(new Date(post.postDate));
        for (const link of post.socialAccounts) {
          const usage = full.get(`${link.socialAccountId}|${date}`);
          if (usage)
            found.set(`${link.socialAccountId}|${date}`, {
              key: link.socialAccountId,
              text: `${accountLabel(link)} is at its daily limit (${usage} posts on ${date} UTC)`,
            });
        }
      }
      if (found.size) perDay.set(day, [...found.values()]);
    }
    return perDay;
  }, [pairs, limits, byDay]);

  const find = (id: string | null) => posts.data?.items.find((post) => post.id === id);

  /** Warnings for moving a post to a day: accounts whose quota that UTC day is already used up. */
  const checkTarget = async (post: CalendarPost, day: Date) => {
    const key = dayKey(day);
    setTarget({ day: key, warnings: [] });
    if (post.status === 'DRAFT') return;
    const date = utcDay(moveToDay(new Date(post.postDate), day));
    if (date === utcDay(new Date(post.postDate))) return;
    const answers = await Promise.all(
      post.socialAccounts.map((link) =>
        queryClient.fetchQuery(dailyLimitsQueryOptions(link.socialAccountId, date)).then(
          (answer) => (answer.posts.remaining <= 0 ? `Would exceed ${accountLabel(link)}'s daily limit (${answer.posts.limit} posts)` : null),
          () => null,
        ),
      ),
    );
    setTarget((current) => (current?.day === key ? { day: key, warnings: answers.filter((a): a is string => !!a) } : current));
  };

  const move = (post: CalendarPost, day: Date) => {
    const from = new Date(post.postDate);
    if (dayKey(from) === dayKey(day)) return;
    const next = moveToDay(from, day);
    // A scheduled post moved into the past would be published at once.
    if (post.status === 'SCHEDULED' && next.getTime() < Date.now()) {
      toast.error(`“${post.title}” cannot move to a time that has passed; pick today or a later day`);
      return;
    }
    reschedule.mutate(
      { id: post.id, postDate: next.toISOString() },
      {
        onSuccess: (saved) => toast.success(`“${saved.title}” moved to ${format(new Date(saved.postDate), 'EEE, MMM d, HH:mm')}`),
        onError: (error) => toast.error(`“${post.title}” was not moved: ${errorMessage(error)}`),
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Calendar"
        description="Scheduled and published posts by day. Drag a post to another day to reschedule it at the same time."
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
        <div className="flex flex-wrap items-center gap-3 border-b border-zinc-200 px-5 py-3">
          <div className="flex items-center gap-1">
            <Button variant="secondary" size="sm" onClick={() => onNavigate({ date: undefined })}>
              Today
            </Button>
            <Button variant="ghost" size="icon" aria-label={`Previous ${view}`} onClick={() => onNavigate({ date: dayKey(shift(view, anchor, -1)) })}>
              <ChevronLeft className="size-4" aria-hidden />
            </Button>
            <Button variant="ghost" size="icon" aria-label={`Next ${view}`} onClick={() => onNavigate({ date: dayKey(shift(view, anchor, 1)) })}>
              <ChevronRight className="size-4" aria-hidden />
            </Button>
          </div>
          <h2 className="text-base font-semibold text-zinc-900" aria-live="polite">
            {periodLabel(view, anchor)}
          </h2>
          {posts.isFetching && posts.data ? <span className="text-xs text-zinc-400">Updating…</span> : null}
          <div role="radiogroup" aria-label="View" className="ml-auto flex rounded-lg bg-zinc-100 p-0.5">
            {(['month', 'week'] as const).map((option) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={view === option}
                onClick={() => onNavigate({ view: option })}
                className={cn('rounded-md px-3 py-1 text-sm font-medium capitalize text-zinc-600', view === option && 'bg-white text-zinc-900 shadow-xs')}
              >
                {option}
              </button>
            ))}
          </div>
        </div>

        {posts.isError && !posts.data ? (
          <p role="alert" className="p-5 text-sm text-red-700">
            The posts could not be loaded: {errorMessage(posts.error)}{' '}
            <button type="button" className="underline" onClick={() => posts.refetch()}>
              Try again
            </button>
          </p>
        ) : null}

        <div className="grid grid-cols-7 border-b border-zinc-200 bg-zinc-50/60 text-xs font-medium text-zinc-500" aria-hidden>
          {days.slice(0, 7).map((day) => (
            <div key={dayKey(day)} className="px-2 py-2">
              {format(day, 'EEE')}
            </div>
          ))}
        </div>
        <div className="grid grid-cols-7" aria-busy={!posts.data || undefined}>
          {days.map((day) => {
            const key = dayKey(day);
            const list = byDay.get(key) ?? [];
            const dayWarnings = warnings.get(key) ?? [];
            const isTarget = dragging !== null && target?.day === key;
            const targetWarnings = isTarget ? target.warnings : [];
            return (
              <div
                key={key}
                role="group"
                aria-label={format(day, 'EEEE, MMMM d')}
                onDragOver={(event) => {
                  if (!event.dataTransfer.types.includes(POST_DRAG_TYPE)) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                }}
                onDragEnter={(event) => {
                  if (!event.dataTransfer.types.includes(POST_DRAG_TYPE)) return;
                  const post = find(dragging);
                  if (post && target?.day !== key) void checkTarget(post, day);
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  const post = find(event.dataTransfer.getData(POST_DRAG_TYPE) || dragging);
                  setDragging(null);
                  setTarget(null);
                  if (post) move(post, day);
                }}
                className={cn(
                  'flex flex-col gap-1 border-r border-b border-zinc-100 p-1.5 transition-colors [&:nth-child(7n)]:border-r-0',
                  view === 'month' ? 'min-h-28' : 'min-h-96',
                  view === 'month' && !inMonth(day, anchor) && 'bg-zinc-50/70',
                  isTarget && (targetWarnings.length ? 'bg-amber-50 ring-2 ring-amber-400 ring-inset' : 'bg-accent-50 ring-2 ring-accent-400 ring-inset'),
                )}
              >
                <div className="flex items-center justify-between">
                  <span
                    className={cn(
                      'flex size-6 items-center justify-center rounded-full text-xs font-medium',
                      isToday(day) ? 'bg-accent-600 text-white' : view === 'month' && !inMonth(day, anchor) ? 'text-zinc-400' : 'text-zinc-700',
                    )}
                  >
                    {format(day, 'd')}
                  </span>
                  {dayWarnings.length ? (
                    <span title={dayWarnings.map((w) => w.text).join('\n')} className="text-amber-600">
                      <TriangleAlert className="size-4" aria-hidden />
                      <span className="sr-only">Daily limit warning</span>
                    </span>
                  ) : null}
                </div>
                {dayWarnings.length ? (
                  <ul aria-label="Daily limit warnings" className="space-y-0.5">
                    {dayWarnings.map((warning) => (
                      <li key={warning.key} className="rounded bg-amber-50 px-1 text-[11px] leading-snug text-amber-800">
                        {warning.text}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {targetWarnings.map((warning) => (
                  <p key={warning} role="status" className="rounded bg-amber-100 px-1 text-[11px] font-medium leading-snug text-amber-900">
                    {warning}
                  </p>
                ))}
                {!posts.data && !posts.isError ? <Skeleton className="h-5" /> : null}
                <ul aria-label={`Posts on ${format(day, 'MMMM d')}`} className="flex flex-col gap-1">
                  {(view === 'month' && list.length > MONTH_CHIPS ? list.slice(0, MONTH_CHIPS - 1) : list).map((post) => (
                    <li key={post.id}>
                      <PostChip
                        post={post}
                        roomy={view === 'week'}
                        onOpen={setOpened}
                        onDragState={(id) => {
                          setDragging(id);
                          if (!id) setTarget(null);
                        }}
                        onMoveBy={(moved, by) => move(moved, addDays(new Date(moved.postDate), by))}
                      />
                    </li>
                  ))}
                  {view === 'month' && list.length > MONTH_CHIPS ? (
                    <li>
                      <button
                        type="button"
                        className="w-full rounded px-1.5 py-0.5 text-left text-xs font-medium text-zinc-600 hover:bg-zinc-100"
                        onClick={() => onNavigate({ view: 'week', date: key })}
                      >
                        +{list.length - MONTH_CHIPS + 1} more
                        <span className="sr-only"> on {format(day, 'MMMM d')}: show the week</span>
                      </button>
                    </li>
                  ) : null}
                </ul>
              </div>
            );
          })}
        </div>
      </Card>
      <p className="mt-3 text-xs text-zinc-500">
        Drafts and scheduled posts can be moved; the time of day is kept. With the keyboard, focus a post and press Alt with an arrow key.
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
