import { createRoute } from '@tanstack/react-router';
import { calendarPostsQueryOptions } from '@/features/calendar/api/get-calendar-posts';
import { calendarSearch } from '@/features/calendar/lib/calendar-search';
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
    const { parseDay, rangeOf, visibleDays } = await import('@/features/calendar/lib/calendar-dates');
    const { view, date } = calendarSearch.parse(location.search);
    const range = rangeOf(visibleDays(view ?? 'month', parseDay(date)));
    return queryClient.ensureQueryData(calendarPostsQueryOptions(deps.team, range.from.toISOString(), range.to.toISOString()));
  },
}).lazy(() => import('./calendar.lazy').then((page) => page.Route));
