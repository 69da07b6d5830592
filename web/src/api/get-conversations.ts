import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type ApiQuery, type ApiSchema } from '@/lib/api-client';
import { conversationListsQueryKey } from './inbox-query-keys';

// Shared by the inbox (its filtered, scrolling list) and the flow builder's test panel (one account's newest).

export type Conversation = ApiSchema<'Conversation'>;

export function listConversations(query: ApiQuery<'/conversations'>) {
  return ok(api.GET('/conversations', { params: { query } }));
}

/** Enough to pick from without scrolling pages: the newest activity first. */
const ACCOUNT_PAGE = 50;

/** One account's conversations (open and archived), newest activity first. */
export const accountConversationsQueryOptions = (teamId: string, socialAccountId: string) =>
  queryOptions({
    queryKey: [...conversationListsQueryKey, teamId, 'account', socialAccountId],
    queryFn: () => listConversations({ teamId, socialAccountId, limit: ACCOUNT_PAGE }),
  });

export function useAccountConversations(teamId: string, socialAccountId: string | null) {
  return useQuery({ ...accountConversationsQueryOptions(teamId, socialAccountId ?? ''), enabled: !!socialAccountId });
}
