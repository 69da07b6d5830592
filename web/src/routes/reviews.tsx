import { createRoute } from '@tanstack/react-router';
import { teamAccountsQueryOptions } from '@/api/get-team-accounts';
import { reviewListSearch } from '@/features/reviews/lib/list-search';
import { appRoute } from './app-layout';

export const reviewsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'reviews',
  validateSearch: reviewListSearch,
  // Only the team reloads the route: a filter change keeps the page and shows the previous reviews while fetching.
  loaderDeps: ({ search }) => ({ team: search.team }),
  loader: ({ context: { queryClient }, deps }) => (deps.team ? queryClient.ensureQueryData(teamAccountsQueryOptions(deps.team)) : undefined),
}).lazy(() => import('./reviews.lazy').then((page) => page.Route));
