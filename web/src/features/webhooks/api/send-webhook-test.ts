import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import { webhookDeliveriesQueryKey, type WebhookDelivery } from './get-webhook-deliveries';

export function sendWebhookTest(id: string): Promise<WebhookDelivery> {
  return ok(api.POST('/webhooks/{id}/test', { params: { path: { id } } }));
}

export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTest,
    onSuccess: (delivery) => queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(delivery.endpointId) }),
  });
}
