import { createRoute } from '@tanstack/react-router';
import { postsQueryOptions } from '@/features/posts/api/get-posts';
import { teamAccountsQueryOptions } from '@/api/get-team-accounts';
import { filtersFromSearch, postListSearch } from '@/features/posts/lib/list-search';
import { appRoute } from './app-layout';

export const postsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'posts',
  validateSearch: postListSearch,
  // Only the team reloads the route: a filter change keeps the page and shows the previous results while fetching.
  loaderDeps: ({ search }) => ({ team: search.team }),
  loader: ({ context: { queryClient }, deps, location }) =>
    deps.team
      ? Promise.all([
          queryClient.ensureQueryData(teamAccountsQueryOptions(deps.team)),
          queryClient.ensureQueryData(postsQueryOptions(filtersFromSearch(deps.team, postListSearch.parse(location.search)))),
        ])
      : undefined,
}).lazy(() => import('./posts.lazy').then((page) => page.Route));
