import { createRoute } from '@tanstack/react-router';
import { teamAccountsQueryOptions } from '../api/get-team-accounts';
import { MONTHLY_METERS, monthlyUsageQueryOptions } from '../features/usage/api/get-monthly-usage';
import { settingsRoute } from './settings';

export const settingsUsageRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'usage',
  loaderDeps: ({ search }) => ({ team: search.team }),
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([
      ...MONTHLY_METERS.map((meter) => queryClient.ensureQueryData(monthlyUsageQueryOptions(meter.path))),
      deps.team ? queryClient.ensureQueryData(teamAccountsQueryOptions(deps.team)) : undefined,
    ]),
}).lazy(() => import('./settings-usage.lazy').then((page) => page.Route));
