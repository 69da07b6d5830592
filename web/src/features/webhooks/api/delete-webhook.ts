import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import { webhookQueryKey } from './get-webhook';
import { webhooksQueryKey, type WebhookEndpoint } from './get-webhooks';

export function deleteWebhook(id: string): Promise<WebhookEndpoint> {
  return ok(api.DELETE('/webhooks/{id}', { params: { path: { id } } }));
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

/**
 * Its log and secret went with it. Call once the endpoint's page is gone: removing the queries
 * while the page still watches them would only fetch them again (and get a 404).
 */
export function forgetWebhook(queryClient: QueryClient, id: string) {
  queryClient.removeQueries({ queryKey: webhookQueryKey(id) });
}
