import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { listConversations } from '@/api/get-conversations';
import { conversationListsQueryKey } from '@/api/inbox-query-keys';
import type { InboxFilters } from '../lib/inbox-filters';

/** Rows per page: a screenful several times over, small enough for a quick first paint. */
const PAGE = 100;

export function getConversations(teamId: string, filters: InboxFilters, cursor: string | undefined) {
  return listConversations({
    teamId,
    limit: PAGE,
    cursor,
    platform: filters.platform,
    socialAccountId: filters.account,
    status: filters.status,
    unread: filters.unread ? 'true' : undefined,
    q: filters.q || undefined,
  });
}

/** The team's conversations, newest activity first, a cursor page at a time as the list scrolls. */
export const conversationsQueryOptions = (teamId: string, filters: InboxFilters) =>
  infiniteQueryOptions({
    queryKey: [...conversationListsQueryKey, teamId, filters],
    queryFn: ({ pageParam }) => getConversations(teamId, filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor || undefined,
  });

export function useConversations(teamId: string, filters: InboxFilters) {
  return useInfiniteQuery(conversationsQueryOptions(teamId, filters));
}
