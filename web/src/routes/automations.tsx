import { createRoute } from '@tanstack/react-router';
import { teamAccountsQueryOptions } from '@/api/get-team-accounts';
import { flowListSearch } from '@/features/automations/lib/list-search';
import { appRoute } from './app-layout';

export const automationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'automations',
  validateSearch: flowListSearch,
  loaderDeps: ({ search }) => ({ team: search.team }),
  loader: ({ context: { queryClient }, deps }) => (deps.team ? queryClient.ensureQueryData(teamAccountsQueryOptions(deps.team)) : undefined),
}).lazy(() => import('./automations.lazy').then((page) => page.Route));
