import { createRoute, notFound } from '@tanstack/react-router';
import { teamAccountsQueryOptions } from '@/api/get-team-accounts';
import { appRoute } from './app-layout';

/** `/accounts/INSTAGRAM/history`: a team has at most one account per platform, so the platform names it. */
export const accountHistoryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'accounts/$platform/history',
  loaderDeps: ({ search }) => ({ team: search.team }),
  loader: async ({ context: { queryClient }, deps, params }) => {
    if (!deps.team) return;
    const accounts = await queryClient.ensureQueryData(teamAccountsQueryOptions(deps.team));
    if (!accounts.some((account) => account.type === params.platform)) throw notFound();
  },
}).lazy(() => import('./account-history.lazy').then((page) => page.Route));
