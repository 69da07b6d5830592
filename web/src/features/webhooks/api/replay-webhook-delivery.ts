import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import { webhookDeliveriesQueryKey, type WebhookDelivery } from './get-webhook-deliveries';

export type ReplayWebhookDeliveryInput = { endpointId: string; deliveryId: string };

export function replayWebhookDelivery({ endpointId, deliveryId }: ReplayWebhookDeliveryInput): Promise<WebhookDelivery> {
  return ok(api.POST('/webhooks/{id}/deliveries/{deliveryId}/replay', { params: { path: { id: endpointId, deliveryId } } }));
}

export function useReplayWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayWebhookDelivery,
    onSuccess: (delivery) => queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(delivery.endpointId) }),
  });
}
