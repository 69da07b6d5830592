import { registerLiveInvalidation } from '@/lib/live-events';

/** Every comment query (fetched threads, the service's own replies) sits under this key. */
export const commentsQueryKey = ['comments'] as const;
export const fetchedCommentsQueryKey = (postId: string, platform: string) => [...commentsQueryKey, 'fetched', postId, platform] as const;
export const postRepliesQueryKey = (postId: string) => [...commentsQueryKey, 'replies', postId] as const;

// A comment received or a reply published anywhere refreshes the threads on screen.
registerLiveInvalidation('comment.*', () => [commentsQueryKey]);
