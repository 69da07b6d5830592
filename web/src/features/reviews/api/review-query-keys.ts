import { registerLiveInvalidation } from '@/lib/live-events';

/** Every review query (the feed, the import jobs, the low-rating count, the rating figures) sits under this key. */
export const reviewsQueryKey = ['reviews'] as const;
export const reviewFeedKey = (teamId: string, filters: unknown) => [...reviewsQueryKey, 'feed', teamId, filters] as const;
export const reviewImportsKey = (teamId: string) => [...reviewsQueryKey, 'imports', teamId] as const;
export const lowRatingCountKey = (teamId: string) => [...reviewsQueryKey, 'low-rating', teamId] as const;
export const reviewStatsKey = (teamId: string) => [...reviewsQueryKey, 'stats', teamId] as const;
export const replyTemplatesKey = (teamId: string) => [...reviewsQueryKey, 'reply-templates', teamId] as const;

// A review received (or edited) on the platform, anywhere in the organization, refreshes what is on
// screen. Reply changes (`review.reply.updated`) are written into the cache instead (review-cache.ts).
registerLiveInvalidation('review.received', () => [reviewsQueryKey]);
// An answered low rating leaves the navigation badge's count, whichever page is open.
registerLiveInvalidation('review.reply.updated', () => [[...reviewsQueryKey, 'low-rating']]);
