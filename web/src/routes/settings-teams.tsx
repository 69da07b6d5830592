import { createRoute } from '@tanstack/react-router';
import { teamsQueryOptions } from '@/features/teams/api/get-teams';
import { settingsRoute } from './settings';

export const settingsTeamsRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'teams',
  loader: ({ context }) => context.queryClient.ensureQueryData(teamsQueryOptions()),
}).lazy(() => import('./settings-teams.lazy').then((page) => page.Route));
