import { createRoute, notFound } from '@tanstack/react-router';
import { teamAccountsQueryOptions } from '@/api/get-team-accounts';
import { appRoute } from './app-layout';

/** `/accounts/MASTODON/analytics`: a team has at most one account per platform, so the platform names it. */
export const accountAnalyticsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'accounts/$platform/analytics',
  loaderDeps: ({ search }) => ({ team: search.team }),
  loader: async ({ context: { queryClient }, deps, params }) => {
    if (!deps.team) return;
    const accounts = await queryClient.ensureQueryData(teamAccountsQueryOptions(deps.team));
    if (!accounts.some((account) => account.type === params.platform)) throw notFound();
  },
}).lazy(() => import('./account-analytics.lazy').then((page) => page.Route));
