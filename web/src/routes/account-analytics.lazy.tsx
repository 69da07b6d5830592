import { createLazyRoute } from '@tanstack/react-router';
import { RouteError } from '@/components/route-error';
import { AccountAnalyticsPage, AccountAnalyticsSkeleton } from '@/features/analytics/components/account-analytics-page';
import { appRoute } from './app-layout';

export const Route = createLazyRoute('/app/accounts/$platform/analytics')({
  pendingComponent: AccountAnalyticsSkeleton,
  errorComponent: RouteError,
  component: function AccountAnalyticsRouteComponent() {
    const { team } = appRoute.useSearch();
    const { platform } = Route.useParams();
    return team ? <AccountAnalyticsPage key={`${team}:${platform}`} teamId={team} platform={platform} /> : null;
  },
});
