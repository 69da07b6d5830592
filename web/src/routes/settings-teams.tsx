import { createRoute, useNavigate } from '@tanstack/react-router';
import { RouteError } from '../components/route-error';
import { teamsQueryOptions } from '../features/teams/api/get-teams';
import { TeamsSettings } from '../features/teams/components/teams-settings';
import { appRoute } from './app-layout';
import { settingsRoute } from './settings';

export const settingsTeamsRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'teams',
  loader: ({ context }) => context.queryClient.ensureQueryData(teamsQueryOptions()),
  errorComponent: RouteError,
  component: TeamsRouteComponent,
});

function TeamsRouteComponent() {
  const { team } = appRoute.useSearch();
  const navigate = useNavigate();
  return (
    <TeamsSettings
      currentTeamId={team}
      onSelectTeam={(id) => navigate({ to: '.', search: (previous: Record<string, unknown>) => ({ ...previous, team: id }) })}
    />
  );
}
