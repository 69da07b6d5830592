import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type ApiBody } from '@/lib/api-client';
import { webhookQueryKey } from './get-webhook';
import { webhooksQueryKey, type WebhookEndpoint } from './get-webhooks';

export type UpdateWebhookInput = { id: string; changes: ApiBody<'/webhooks/{id}', 'patch'> };

export function updateWebhook({ id, changes }: UpdateWebhookInput): Promise<WebhookEndpoint> {
  return ok(api.PATCH('/webhooks/{id}', { params: { path: { id } }, body: changes }));
}

/** Edits, and disabling or re-enabling (which resumes paused deliveries, hence the log refresh). */
export function useUpdateWebhook({ showsError = false }: { showsError?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    meta: { showsError },
    onSuccess: (endpoint) => {
      queryClient.setQueryData(webhookQueryKey(endpoint.id), endpoint);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
        queryClient.invalidateQueries({ queryKey: webhookQueryKey(endpoint.id) }),
      ]);
    },
  });
}
