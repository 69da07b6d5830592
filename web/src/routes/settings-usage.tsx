import { createRoute } from '@tanstack/react-router';
import { teamAccountsQueryOptions } from '@/api/get-team-accounts';
import { settingsRoute } from './settings';

// The meters' own queries load with the page's chunk (they suspend under its skeleton), which keeps
// the usage code out of the entry chunk every page pays for.
export const settingsUsageRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'usage',
  loaderDeps: ({ search }) => ({ team: search.team }),
  loader: ({ context: { queryClient }, deps }) => (deps.team ? queryClient.ensureQueryData(teamAccountsQueryOptions(deps.team)) : undefined),
}).lazy(() => import('./settings-usage.lazy').then((page) => page.Route));
