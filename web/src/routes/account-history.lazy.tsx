import { createLazyRoute } from '@tanstack/react-router';
import { RouteError } from '@/components/route-error';
import { HistoryPage, HistorySkeleton } from '@/features/post-history/components/history-page';
import { appRoute } from './app-layout';

export const Route = createLazyRoute('/app/accounts/$platform/history')({
  pendingComponent: HistorySkeleton,
  errorComponent: RouteError,
  component: function AccountHistoryRouteComponent() {
    const { team } = appRoute.useSearch();
    const { platform } = Route.useParams();
    return team ? <HistoryPage key={`${team}:${platform}`} teamId={team} platform={platform} /> : null;
  },
});
