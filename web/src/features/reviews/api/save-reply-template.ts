import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import { replyTemplatesKey } from './review-query-keys';

export function useSaveReplyTemplate(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (template: { name: string; text: string }) => ok(api.POST('/misc/reviews/reply-templates', { body: { teamId, ...template } })),
    meta: { showsError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: replyTemplatesKey(teamId) }),
  });
}
