import { createRoute } from '@tanstack/react-router';
import { teamAccountsQueryOptions } from '@/api/get-team-accounts';
import { appRoute } from './app-layout';

export const automationSettingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'automations/settings',
  loaderDeps: ({ search }) => ({ team: search.team }),
  loader: ({ context: { queryClient }, deps }) => (deps.team ? queryClient.ensureQueryData(teamAccountsQueryOptions(deps.team)) : undefined),
}).lazy(() => import('./automation-settings.lazy').then((page) => page.Route));
