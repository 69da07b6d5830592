import { createRoute } from '@tanstack/react-router';
import { teamAccountsQueryOptions } from '@/api/get-team-accounts';
import { appRoute } from './app-layout';

/** `/accounts/google-business/location`: a team has at most one Google Business account, and it acts as one location. */
export const accountLocationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'accounts/google-business/location',
  loaderDeps: ({ search }) => ({ team: search.team }),
  loader: ({ context: { queryClient }, deps }) => (deps.team ? queryClient.ensureQueryData(teamAccountsQueryOptions(deps.team)) : undefined),
}).lazy(() => import('./account-location.lazy').then((page) => page.Route));
