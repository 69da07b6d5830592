import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';

/**
 * What TikTok lets the team's creator post now (`GET /misc/tiktok/creator-info`, TikTok's
 * `creator_info/query`): the composer's TikTok tab is built from it, as TikTok's UX guidelines ask.
 * Short-lived: the creator can change these settings in TikTok at any time.
 */
export const tiktokCreatorInfoQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: ['lookups', 'tiktok-creator-info', teamId],
    queryFn: () => ok(api.GET('/misc/tiktok/creator-info', { params: { query: { teamId } } })),
    enabled: !!teamId,
    staleTime: 60_000,
    retry: false,
  });

export function useTikTokCreatorInfo(teamId: string) {
  return useQuery(tiktokCreatorInfoQueryOptions(teamId));
}
