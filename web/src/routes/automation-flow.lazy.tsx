import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { RouteError } from '@/components/route-error';
import { FlowEditorPage, FlowEditorSkeleton } from '@/features/automations/editor/flow-editor-page';

// The editor (and @xyflow/react with it) loads only here, never with the first page (decision 047).
export const Route = createLazyRoute('/app/automations/$flowId')({
  pendingComponent: FlowEditorSkeleton,
  errorComponent: RouteError,
  component: FlowRouteComponent,
});

function FlowRouteComponent() {
  const { flowId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate();
  if (!search.team) return null;
  return (
    <FlowEditorPage
      key={flowId}
      flowId={flowId}
      teamId={search.team}
      tab={search.tab ?? 'build'}
      onTab={(tab) =>
        navigate({ to: '.', replace: true, search: (previous: Record<string, unknown>) => ({ ...previous, tab: tab === 'build' ? undefined : tab }) })
      }
    />
  );
}
