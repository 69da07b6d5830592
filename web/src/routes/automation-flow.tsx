import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { teamAccountsQueryOptions } from '@/api/get-team-accounts';
import { flowQueryOptions } from '@/features/automations/api/flow-query';
import { appRoute } from './app-layout';

export const automationFlowRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'automations/$flowId',
  validateSearch: z.object({ tab: z.enum(['build', 'runs', 'test']).optional().catch(undefined) }),
  loaderDeps: ({ search }) => ({ team: search.team }),
  loader: ({ context: { queryClient }, deps, params }) =>
    Promise.all([
      queryClient.ensureQueryData(flowQueryOptions(params.flowId)),
      deps.team ? queryClient.ensureQueryData(teamAccountsQueryOptions(deps.team)) : undefined,
    ]),
}).lazy(() => import('./automation-flow.lazy').then((page) => page.Route));
