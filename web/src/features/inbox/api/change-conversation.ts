import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import { conversationListsQueryKey, conversationQueryKey } from '@/api/inbox-query-keys';

export type ConversationChange = 'archive' | 'open' | 'read';

export function changeConversation(id: string, change: ConversationChange) {
  const params = { params: { path: { id } } };
  if (change === 'archive') return ok(api.POST('/conversations/{id}/archive', params));
  if (change === 'open') return ok(api.POST('/conversations/{id}/open', params));
  return ok(api.POST('/conversations/{id}/read', { ...params, body: {} }));
}

/** Archive, reopen or mark read; the list and the conversation read again afterwards. */
export function useChangeConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ConversationChange }) => changeConversation(id, change),
    meta: { showsError: true },
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationListsQueryKey }),
        queryClient.invalidateQueries({ queryKey: conversationQueryKey(id) }),
      ]),
  });
}
