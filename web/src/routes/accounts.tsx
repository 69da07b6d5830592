import { createRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { RouteError } from '../components/route-error';
import { useSession } from '../features/auth/api/get-session';
import { accountsToDeleteQueryOptions } from '../features/accounts/api/get-accounts-to-delete';
import { teamAccountsQueryOptions } from '../features/accounts/api/get-team-accounts';
import { AccountsPage, AccountsSkeleton } from '../features/accounts/components/accounts-page';
import { CONNECT_OUTCOME_KEYS, connectOutcomeSearch } from '../features/accounts/lib/connect-outcome';
import { useTeams } from '../features/teams/api/get-teams';
import { appRoute } from './app-layout';

export const accountsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'accounts',
  // The consent page comes back here with the outcome in the query string.
  validateSearch: connectOutcomeSearch,
  loaderDeps: ({ search }) => ({ team: search.team }),
  loader: ({ context: { queryClient }, deps }) =>
    deps.team
      ? Promise.all([queryClient.ensureQueryData(teamAccountsQueryOptions(deps.team)), queryClient.ensureQueryData(accountsToDeleteQueryOptions())])
      : undefined,
  pendingComponent: AccountsSkeleton,
  errorComponent: RouteError,
  component: AccountsRouteComponent,
});

function AccountsRouteComponent() {
  const search = accountsRoute.useSearch();
  const session = useSession();
  const { data: teams } = useTeams();
  const navigate = useNavigate();
  const clearOutcome = useCallback(
    () =>
      navigate({
        to: '.',
        replace: true,
        search: (previous: Record<string, unknown>) => Object.fromEntries(Object.entries(previous).filter(([key]) => !(CONNECT_OUTCOME_KEYS as string[]).includes(key))),
      }),
    [navigate],
  );
  // The signed-in layout always settles on a team; an organization without any has nothing to show.
  if (!search.team) return null;
  return (
    <AccountsPage
      key={search.team}
      teamId={search.team}
      teams={teams.items}
      dmsEnabled={session?.organization.dmsEnabled ?? false}
      outcome={search}
      onOutcomeShown={clearOutcome}
    />
  );
}
