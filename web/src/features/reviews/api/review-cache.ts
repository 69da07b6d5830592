import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { MergedCursor, MergedPage } from '../lib/merged-pages';
import type { ReviewItem } from '../lib/review-item';
import { lowRatingCountKey, reviewsQueryKey } from './review-query-keys';

type Feed = InfiniteData<MergedPage<ReviewItem>, MergedCursor<ReviewItem>>;

const swap = (items: ReviewItem[], next: ReviewItem) => items.map((item) => (item.id === next.id ? next : item));


/**
 * Puts a review the API just answered with into every loaded feed, where it is, instead of
 * refetching every page a long-scrolled feed holds. Items buffered in the cursors are swapped too,
 * so the next page shows the new state. The low-rating count is refetched: it may have changed.
 */
export function replaceReview(queryClient: QueryClient, teamId: string, next: ReviewItem) {
  queryClient.setQueriesData<Feed>({ queryKey: [...reviewsQueryKey, 'feed', teamId] }, (feed) =>
    feed
      ? {
          pages: feed.pages.map((page) => ({ ...page, items: swap(page.items, next), next: swapBuffers(page.next, next) })),
          pageParams: feed.pageParams.map((cursor) => swapBuffers(cursor, next)!),
        }
      : feed,
  );
  void queryClient.invalidateQueries({ queryKey: lowRatingCountKey(teamId) });
}

function swapBuffers(cursor: MergedCursor<ReviewItem> | null, next: ReviewItem): MergedCursor<ReviewItem> | null {
  if (!cursor) return cursor;
  return Object.fromEntries(Object.entries(cursor).map(([name, source]) => [name, { ...source, buffer: swap(source.buffer, next) }]));
}
