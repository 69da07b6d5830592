import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { RouteError } from '@/components/route-error';
import { CalendarPage, CalendarSkeleton } from '@/features/calendar/components/calendar-page';
import { parseDay } from '@/features/calendar/lib/calendar-dates';
import { defaultView, type CalendarSearch } from '@/features/calendar/lib/calendar-search';

export const Route = createLazyRoute('/app/calendar')({
  pendingComponent: CalendarSkeleton,
  errorComponent: RouteError,
  component: CalendarRouteComponent,
});

function CalendarRouteComponent() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const anchor = useMemo(() => parseDay(search.date), [search.date]);
  const onNavigate = useCallback(
    (change: Partial<CalendarSearch>) => navigate({ to: '.', search: (previous: Record<string, unknown>) => ({ ...previous, ...change }) }),
    [navigate],
  );
  if (!search.team) return null;
  return (
    <CalendarPage
      key={search.team}
      teamId={search.team}
      view={defaultView(search.view)}
      anchor={anchor}
      filters={{ account: search.account, status: search.status }}
      onNavigate={onNavigate}
    />
  );
}
