import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { FLOW_STATUSES } from '../../../server/automations/shared/automation-constants';
import { teamAccountsQueryOptions } from '../api/get-team-accounts';
import { appRoute } from './app-layout';

export const automationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'automations',
  validateSearch: z.object({ status: z.enum(FLOW_STATUSES).optional().catch(undefined) }),
  loaderDeps: ({ search }) => ({ team: search.team }),
  loader: ({ context: { queryClient }, deps }) => (deps.team ? queryClient.ensureQueryData(teamAccountsQueryOptions(deps.team)) : undefined),
}).lazy(() => import('./automations.lazy').then((page) => page.Route));
