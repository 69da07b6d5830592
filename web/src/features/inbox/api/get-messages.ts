import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import { messagesQueryKey } from '@/api/inbox-query-keys';

const PAGE = 50;

export function getMessages(conversationId: string, cursor: string | undefined) {
  return ok(api.GET('/conversations/{id}/messages', { params: { path: { id: conversationId }, query: { limit: PAGE, cursor } } }));
}

/**
 * A thread's messages: the first page is the newest, each next page older (items inside a page
 * oldest first, as the API gives them). The thread reads the pages in reverse.
 */
export const messagesQueryOptions = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: messagesQueryKey(conversationId),
    queryFn: ({ pageParam }) => getMessages(conversationId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor || undefined,
  });

export function useMessages(conversationId: string) {
  return useInfiniteQuery(messagesQueryOptions(conversationId));
}
