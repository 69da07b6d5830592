import { createLazyRoute } from '@tanstack/react-router';
import { RouteError } from '@/components/route-error';
import { LocationPage, LocationSkeleton } from '@/features/google-business/components/location-page';
import { appRoute } from './app-layout';

export const Route = createLazyRoute('/app/accounts/google-business/location')({
  pendingComponent: LocationSkeleton,
  errorComponent: RouteError,
  component: function AccountLocationRouteComponent() {
    const { team } = appRoute.useSearch();
    return team ? <LocationPage key={team} teamId={team} /> : null;
  },
});
