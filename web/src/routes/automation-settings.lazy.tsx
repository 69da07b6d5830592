import { createLazyRoute } from '@tanstack/react-router';
import { RouteError } from '@/components/route-error';
import { ProviderSettingsPage } from '@/features/automations/components/provider-settings-page';
import { FlowsSkeleton } from '@/features/automations/components/flows-page';

export const Route = createLazyRoute('/app/automations/settings')({
  pendingComponent: FlowsSkeleton,
  errorComponent: RouteError,
  component: SettingsRouteComponent,
});

function SettingsRouteComponent() {
  const search = Route.useSearch();
  if (!search.team) return null;
  return <ProviderSettingsPage key={search.team} teamId={search.team} />;
}
