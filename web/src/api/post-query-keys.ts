import { registerLiveInvalidation } from '@/lib/live-events';
import type { ApiSchema } from '@/lib/api-client';

// Shared by the post list, the composer and the calendar, so a change made in one refreshes the others.

export type Post = ApiSchema<'Post'>;
export type PostPage = ApiSchema<'PostList'>;

/** Every post query (lists, single posts, the calendar's) sits under this key. */
export const postsQueryKey = ['posts'] as const;

export const postListsQueryKey = [...postsQueryKey, 'list'] as const;
export const postQueryKey = (id: string) => [...postsQueryKey, 'one', id] as const;
export const calendarPostsQueryKey = [...postsQueryKey, 'calendar'] as const;

// A post published, failed or changed anywhere refreshes what is on screen.
registerLiveInvalidation('post.*', () => [postsQueryKey]);

/** The platform took the post: the API reports its result (an id, a permalink) only once it is out there. */
export function isPublishedOn(post: Post, platform: string): boolean {
  return !!post.externalData[platform]?.id || !!post.externalData[platform]?.permalink;
}
