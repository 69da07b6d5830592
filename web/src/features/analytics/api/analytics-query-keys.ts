/** Every analytics query sits under this key. */
export const analyticsQueryKey = ['analytics'] as const;
export const postAnalyticsQueryKey = (postId: string, platform: string) => [...analyticsQueryKey, 'post', postId, platform] as const;
export const accountAnalyticsQueryKey = (teamId: string, platform: string) => [...analyticsQueryKey, 'account', teamId, platform] as const;
export const topPostsQueryKey = (teamId: string, platform: string) => [...analyticsQueryKey, 'top-posts', teamId, platform] as const;
