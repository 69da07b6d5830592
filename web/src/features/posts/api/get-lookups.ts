import { queryOptions } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';

/** Instagram places matching what the person typed (`GET /misc/instagram/locations`), for `data.INSTAGRAM.locationId`. */
export const instagramLocationsQueryOptions = (teamId: string, q: string) =>
  queryOptions({
    queryKey: ['lookups', 'instagram-locations', teamId, q],
    queryFn: () => ok(api.GET('/misc/instagram/locations', { params: { query: { teamId, q, limit: 10 } } })),
    enabled: q.trim().length >= 2,
    staleTime: 5 * 60_000,
  });

/** A subreddit's flairs (`GET /misc/reddit/subreddit-flairs`), for `data.REDDIT.flairId`. */
export const subredditFlairsQueryOptions = (teamId: string, subreddit: string) =>
  queryOptions({
    queryKey: ['lookups', 'subreddit-flairs', teamId, subreddit],
    queryFn: () => ok(api.GET('/misc/reddit/subreddit-flairs', { params: { query: { teamId, subreddit } } })),
    enabled: /^[A-Za-z0-9_]{2,21}$/.test(subreddit),
    staleTime: 5 * 60_000,
  });
