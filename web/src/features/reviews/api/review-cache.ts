import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { registerLiveCacheUpdate } from '@/lib/live-events';
import type { MergedCursor, MergedPage } from '../lib/merged-pages';
import type { ReviewItem } from '../lib/review-item';
import { fromGoogleReview, fromRecommendation, type GoogleReview, type Recommendation } from './get-review-feed';
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

type ReplyEvent = { platform: 'GOOGLE_BUSINESS' | 'FACEBOOK'; review: (GoogleReview | Recommendation) & { teamId: string } };

const isReplyEvent = (data: unknown): data is ReplyEvent =>
  typeof data === 'object' && data !== null && 'platform' in data && 'review' in data && typeof (data as ReplyEvent).review?.id === 'string';

// A reply saved in another tab, or the platform's moderation deciding on one (pending → live or
// rejected), moves the row where it is. A refetch would instead drop it from a "not replied" view
// while the manager watches it, and reload every page of a long-scrolled feed.
registerLiveCacheUpdate('review.reply.updated', (queryClient, event) => {
  if (!isReplyEvent(event.data)) return;
  const { platform, review } = event.data;
  const item = platform === 'FACEBOOK' ? fromRecommendation(review as Recommendation) : fromGoogleReview(review as GoogleReview);
  replaceReview(queryClient, review.teamId, item);
});
