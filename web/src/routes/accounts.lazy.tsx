import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { RouteError } from '@/components/route-error';
import { useSession } from '@/features/auth/api/get-session';
import { AccountsPage, AccountsSkeleton } from '@/features/accounts/components/accounts-page';
import { CONNECT_OUTCOME_KEYS } from '@/features/accounts/lib/connect-outcome';
import { useTeams } from '@/features/teams/api/get-teams';

export const Route = createLazyRoute('/app/accounts')({
  pendingComponent: AccountsSkeleton,
  errorComponent: RouteError,
  component: AccountsRouteComponent,
});

function AccountsRouteComponent() {
  const search = Route.useSearch();
  const session = useSession();
  const { data: teams } = useTeams();
  const navigate = useNavigate();
  const clearOutcome = useCallback(
    () =>
      navigate({
        to: '.',
        replace: true,
        search: (previous: Record<string, unknown>) =>
          Object.fromEntries(Object.entries(previous).filter(([key]) => !(CONNECT_OUTCOME_KEYS as string[]).includes(key))),
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
