import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import { conversationQueryKey } from '@/api/inbox-query-keys';

export function getConversation(id: string) {
  return ok(api.GET('/conversations/{id}', { params: { path: { id } } }));
}

export const conversationQueryOptions = (id: string) => queryOptions({ queryKey: conversationQueryKey(id), queryFn: () => getConversation(id) });

export function useConversation(id: string) {
  return useQuery(conversationQueryOptions(id));
}
