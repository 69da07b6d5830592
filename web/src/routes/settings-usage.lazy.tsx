import { createLazyRoute } from '@tanstack/react-router';
import { RouteError } from '@/components/route-error';
import { UsageSettings, UsageSkeleton } from '@/features/usage/components/usage-settings';
import { appRoute } from './app-layout';

export const Route = createLazyRoute('/app/settings/usage')({
  pendingComponent: UsageSkeleton,
  errorComponent: RouteError,
  component: function UsageRouteComponent() {
    const { team } = appRoute.useSearch();
    return team ? <UsageSettings key={team} teamId={team} /> : null;
  },
});
