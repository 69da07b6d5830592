import { createRoute, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { RouteError } from '../components/route-error';
import { calendarPostsQueryOptions } from '../features/calendar/api/get-calendar-posts';
import { CalendarPage, CalendarSkeleton } from '../features/calendar/components/calendar-page';
import { calendarSearch, parseDay, rangeOf, visibleDays, type CalendarView } from '../features/calendar/lib/calendar-dates';
import { appRoute } from './app-layout';

export const calendarRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'calendar',
  validateSearch: calendarSearch,
  // Only the team reloads the route: moving through months keeps the grid and fills it in.
  loaderDeps: ({ search }) => ({ team: search.team }),
  loader: ({ context: { queryClient }, deps, location }) => {
    if (!deps.team) return;
    const { view, date } = calendarSearch.parse(location.search);
    const range = rangeOf(visibleDays(view ?? 'month', parseDay(date)));
    return queryClient.ensureQueryData(calendarPostsQueryOptions(deps.team, range.from.toISOString(), range.to.toISOString()));
  },
  pendingComponent: CalendarSkeleton,
  errorComponent: RouteError,
  component: CalendarRouteComponent,
});

function CalendarRouteComponent() {
  const search = calendarRoute.useSearch();
  const navigate = useNavigate();
  const anchor = useMemo(() => parseDay(search.date), [search.date]);
  const onNavigate = useCallback(
    (change: { view?: CalendarView; date?: string }) => navigate({ to: '.', search: (previous: Record<string, unknown>) => ({ ...previous, ...change }) }),
    [navigate],
  );
  if (!search.team) return null;
  return <CalendarPage key={search.team} teamId={search.team} view={search.view ?? 'month'} anchor={anchor} onNavigate={onNavigate} />;
}
