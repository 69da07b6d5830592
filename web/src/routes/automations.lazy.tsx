import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { RouteError } from '@/components/route-error';
import { FlowsPage, FlowsSkeleton } from '@/features/automations/components/flows-page';

// The list loads on demand and without the editor: @xyflow/react is only in the editor's chunk.
export const Route = createLazyRoute('/app/automations')({
  pendingComponent: FlowsSkeleton,
  errorComponent: RouteError,
  component: AutomationsRouteComponent,
});

function AutomationsRouteComponent() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  if (!search.team) return null;
  return (
    <FlowsPage
      key={search.team}
      teamId={search.team}
      status={search.status}
      onStatus={(status) => navigate({ to: '.', replace: true, search: (previous: Record<string, unknown>) => ({ ...previous, status }) })}
    />
  );
}
