import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import type { HistoryPlatform } from '../lib/history-options';
import { importedPostsKey } from './history-query-keys';

const PAGE_SIZE = 24;

/** The account's imported posts, newest first, a page at a time. */
export const importedPostsQueryOptions = (teamId: string, platform: HistoryPlatform) =>
  infiniteQueryOptions({
    queryKey: importedPostsKey(teamId, platform),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      ok(api.GET('/post-history-import/posts', { params: { query: { teamId, socialAccountType: platform, limit: PAGE_SIZE, offset: pageParam } } })),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.posts.length, 0);
      return last.posts.length === PAGE_SIZE && loaded < last.total ? loaded : undefined;
    },
  });

export function useImportedPosts(teamId: string, platform: HistoryPlatform) {
  return useInfiniteQuery(importedPostsQueryOptions(teamId, platform));
}
