import { createRoute } from '@tanstack/react-router';
import { dailyLimitsRangeQueryOptions } from '@/api/get-daily-limits';
import { calendarPostsQueryOptions } from '@/features/calendar/api/get-calendar-posts';
import { calendarSearch, defaultView } from '@/features/calendar/lib/calendar-search';
import { appRoute } from './app-layout';

export const calendarRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'calendar',
  validateSearch: calendarSearch,
  // Only the team reloads the route: moving through months keeps the grid and fills it in.
  loaderDeps: ({ search }) => ({ team: search.team }),
  loader: async ({ context: { queryClient }, deps, location }) => {
    if (!deps.team) return;
    // date-fns comes with the calendar's own chunk, not with every page.
    const { parseDay, rangeOf, utcSpan, visibleDays } = await import('@/features/calendar/lib/calendar-dates');
    const { view, date } = calendarSearch.parse(location.search);
    const range = rangeOf(visibleDays(defaultView(view), parseDay(date)));
    const span = utcSpan(range);
    // The day quotas load beside the posts, not after them; the page shows without waiting for them.
    void queryClient.prefetchQuery(dailyLimitsRangeQueryOptions(deps.team, span.from, span.to));
    return queryClient.ensureQueryData(calendarPostsQueryOptions(deps.team, range.from.toISOString(), range.to.toISOString()));
  },
}).lazy(() => import('./calendar.lazy').then((page) => page.Route));
