import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import { automationsQueryKey } from './automation-query-keys';

// Features do not import each other: the few team reads the builder needs are fetched here.

/** The organization's teams, for "copy to team". */
export function useOrganizationTeams() {
  return useQuery({
    queryKey: [...automationsQueryKey, 'teams'],
    queryFn: () => ok(api.GET('/team', { params: { query: { limit: 500 } } })).then((page) => page.items),
  });
}

/** The team's published posts: a comment flow listens on one of them. */
export const postedPostsQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: [...automationsQueryKey, 'posted-posts', teamId],
    queryFn: () =>
      ok(api.GET('/post', { params: { query: { teamId, status: 'POSTED', limit: 100, orderBy: 'postedDate', order: 'DESC' } } })).then((page) => page.items),
  });

export function usePostedPosts(teamId: string) {
  return useQuery(postedPostsQueryOptions(teamId));
}
