import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import { messagesQueryKey } from '@/api/inbox-query-keys';

/** Instagram only, and only `love` (the spec): Facebook reactions are read-only. */
export function useReactToMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, action }: { messageId: string; action: 'REACT' | 'UNREACT' }) =>
      ok(
        api.POST('/conversations/{id}/messages/{messageId}/reaction', {
          params: { path: { id: conversationId, messageId } },
          body: { action, reaction: 'love' },
        }),
      ),
    meta: { showsError: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesQueryKey(conversationId) }),
  });
}
