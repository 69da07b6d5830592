import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { RouteError } from '@/components/route-error';
import { PostsPage, PostsSkeleton } from '@/features/posts/components/posts-page';
import type { PostListSearch } from '@/features/posts/lib/list-search';

// The page itself loads on demand; ./posts.tsx keeps what the router needs before it (search, loader).
export const Route = createLazyRoute('/app/posts')({
  pendingComponent: PostsSkeleton,
  errorComponent: RouteError,
  component: PostsRouteComponent,
});
const FILTER_KEYS = ['q', 'status', 'platforms', 'from', 'to', 'page'] as const;

function PostsRouteComponent() {
  const search = Route.useSearch();
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
        search: (previous: Record<string, unknown>) =>
          Object.fromEntries(Object.entries(previous).filter(([key]) => !(FILTER_KEYS as readonly string[]).includes(key))),
      }),
    [navigate],
  );
  if (!search.team) return null;
  return <PostsPage key={search.team} teamId={search.team} search={search} onSearch={onSearch} onClear={onClear} />;
}
