import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { RouteError } from '@/components/route-error';
import { TeamsSettings } from '@/features/teams/components/teams-settings';
import { appRoute } from './app-layout';

export const Route = createLazyRoute('/app/settings/teams')({
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
