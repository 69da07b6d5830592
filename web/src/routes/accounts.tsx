import { createRoute } from '@tanstack/react-router';
import { accountsToDeleteQueryOptions } from '@/features/accounts/api/get-accounts-to-delete';
import { teamAccountsQueryOptions } from '@/api/get-team-accounts';
import { offeredPlatformsQueryOptions } from '@/features/accounts/api/get-offered-platforms';
import { connectOutcomeSearch } from '@/features/accounts/lib/connect-outcome';
import { appRoute } from './app-layout';

export const accountsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'accounts',
  // The consent page comes back here with the outcome in the query string.
  validateSearch: connectOutcomeSearch,
  loaderDeps: ({ search }) => ({ team: search.team }),
  loader: ({ context: { queryClient }, deps }) =>
    deps.team
      ? Promise.all([
          queryClient.ensureQueryData(teamAccountsQueryOptions(deps.team)),
          queryClient.ensureQueryData(accountsToDeleteQueryOptions()),
          queryClient.ensureQueryData(offeredPlatformsQueryOptions()),
        ])
      : undefined,
}).lazy(() => import('./accounts.lazy').then((page) => page.Route));
