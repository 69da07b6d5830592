import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { RouteError } from '@/components/route-error';
import { ReviewsPage, ReviewsSkeleton } from '@/features/reviews/components/reviews-page';
import { REVIEW_FILTER_KEYS, type ReviewListSearch } from '@/features/reviews/lib/list-search';

// The page itself loads on demand; ./reviews.tsx keeps what the router needs before it (search, loader).
export const Route = createLazyRoute('/app/reviews')({
  pendingComponent: ReviewsSkeleton,
  errorComponent: RouteError,
  component: ReviewsRouteComponent,
});

function ReviewsRouteComponent() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const onSearch = useCallback(
    (change: Partial<ReviewListSearch>) => navigate({ to: '.', replace: true, search: (previous: Record<string, unknown>) => ({ ...previous, ...change }) }),
    [navigate],
  );
  const onClear = useCallback(
    () =>
      navigate({
        to: '.',
        replace: true,
        search: (previous: Record<string, unknown>) =>
          Object.fromEntries(Object.entries(previous).filter(([key]) => !(REVIEW_FILTER_KEYS as readonly string[]).includes(key))),
      }),
    [navigate],
  );
  if (!search.team) return null;
  return <ReviewsPage key={search.team} teamId={search.team} search={search} onSearch={onSearch} onClear={onClear} />;
}
