import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { RouteError } from '@/components/route-error';
import { CalendarPage, CalendarSkeleton } from '@/features/calendar/components/calendar-page';
import { parseDay, type CalendarView } from '@/features/calendar/lib/calendar-dates';

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
    (change: { view?: CalendarView; date?: string }) => navigate({ to: '.', search: (previous: Record<string, unknown>) => ({ ...previous, ...change }) }),
    [navigate],
  );
  if (!search.team) return null;
  return <CalendarPage key={search.team} teamId={search.team} view={search.view ?? 'month'} anchor={anchor} onNavigate={onNavigate} />;
}
