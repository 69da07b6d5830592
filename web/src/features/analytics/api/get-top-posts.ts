import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Post } from '@/api/post-query-keys';
import { api, ok } from '@/lib/api-client';
import type { AnalyticsPlatform } from '../lib/analytics-platforms';
import { engagementOf } from '../lib/metrics';
import { topPostsQueryKey } from './analytics-query-keys';

/** The bulk route reads at most 20 posts a page: the account's 20 latest published posts are ranked. */
const RANKED = 20;
const SHOWN = 5;

export type TopPost = { post: Post; engagement: number; likes: number; comments: number; shares: number; saves: number; impressions: number };

/** The account's recent posts on this platform ranked by engagement (likes, comments, shares, saves) of their latest snapshot. */
export async function getTopPosts(teamId: string, platformType: AnalyticsPlatform): Promise<TopPost[]> {
  const posts = await ok(
    api.GET('/post', { params: { query: { teamId, status: 'POSTED', platforms: [platformType], orderBy: 'postedDate', order: 'DESC', limit: RANKED } } }),
  );
  if (posts.items.length === 0) return [];
  const bulk = await ok(api.GET('/analytics/post/bulk', { params: { query: { postIds: posts.items.map((post) => post.id), platformType, limit: RANKED } } }));
  const ranked: TopPost[] = [];
  for (const result of bulk.results) {
    const latest = result.items.at(-1);
    const post = posts.items.find((item) => item.id === result.postId);
    if (!latest || !post) continue;
    const { likes, comments, shares, saves, impressions } = latest;
    ranked.push({ post, engagement: engagementOf(latest), likes, comments, shares, saves, impressions });
  }
  return ranked.sort((a, b) => b.engagement - a.engagement).slice(0, SHOWN);
}

export const topPostsQueryOptions = (teamId: string, platformType: AnalyticsPlatform) =>
  queryOptions({ queryKey: topPostsQueryKey(teamId, platformType), queryFn: () => getTopPosts(teamId, platformType) });

export function useTopPosts(teamId: string, platformType: AnalyticsPlatform) {
  return useQuery(topPostsQueryOptions(teamId, platformType));
}
