import { queryOptions, useQuery } from '@tanstack/react-query';
import { listConversations } from '@/api/get-conversations';
import { conversationListsQueryKey } from '@/api/inbox-query-keys';

// Under the conversation lists' key: a live conversation event, reading a conversation or archiving
// one refreshes the count with the lists, without a key of its own to remember.
const unreadCountKey = (teamId: string) => [...conversationListsQueryKey, teamId, 'unread-count'] as const;

/** Open conversations with unread messages: one row is enough, the answer's `total` counts them all. */
export const unreadCountQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: unreadCountKey(teamId),
    queryFn: async () => (await listConversations({ teamId, status: 'OPEN', unread: 'true', limit: 1 })).total,
  });

export function useUnreadCount(teamId: string | undefined, enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions(teamId ?? ''), enabled: enabled && !!teamId });
}
