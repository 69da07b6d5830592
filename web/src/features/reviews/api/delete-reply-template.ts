import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import { replyTemplatesKey } from './review-query-keys';

export function useDeleteReplyTemplate(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) => ok(api.DELETE('/misc/reviews/reply-templates/{templateId}', { params: { path: { templateId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: replyTemplatesKey(teamId) }),
  });
}
