import { createRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { RouteError } from '../components/route-error';
import { postsQueryOptions } from '../features/posts/api/get-posts';
import { postingAccountsQueryOptions } from '../features/posts/api/get-team-accounts';
import { PostsPage, PostsSkeleton } from '../features/posts/components/posts-page';
import { filtersFromSearch, postListSearch, type PostListSearch } from '../features/posts/lib/list-search';
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
          queryClient.ensureQueryData(postingAccountsQueryOptions(deps.team)),
          queryClient.ensureQueryData(postsQueryOptions(filtersFromSearch(deps.team, postListSearch.parse(location.search)))),
        ])
      : undefined,
  pendingComponent: PostsSkeleton,
  errorComponent: RouteError,
  component: PostsRouteComponent,
});

const FILTER_KEYS = ['q', 'status', 'platforms', 'from', 'to', 'page'] as const;

function PostsRouteComponent() {
  const search = postsRoute.useSearch();
  const navigate = useNavigate();
  const onSearch = useCallback(
    (change: Partial<PostListSearch>) => navigate({ to: '.', replace: true, search: (previous: Record<string, unknown>) => ({ ...previous, ...change }) }),
    [navigate],
  );
  const onClear = useCallback(
    () =>
      navigate({
        to: '.',
        replace: true,
        search: (previous: Record<string, unknown>) => Object.fromEntries(Object.entries(previous).filter(([key]) => !(FILTER_KEYS as readonly string[]).includes(key))),
      }),
    [navigate],
  );
  if (!search.team) return null;
  return <PostsPage key={search.team} teamId={search.team} search={search} onSearch={onSearch} onClear={onClear} />;
}
