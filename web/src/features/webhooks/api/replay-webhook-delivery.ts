import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webhookDeliveriesQueryKey, type WebhookDelivery } from './get-webhook-deliveries';

export type ReplayWebhookDeliveryInput = { endpointId: string; deliveryId: string };

export function replayWebhookDelivery({ endpointId, deliveryId }: ReplayWebhookDeliveryInput): Promise<WebhookDelivery> {
  return api.post<WebhookDelivery>(`/webhooks/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/replay`);
}

export function useReplayWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayWebhookDelivery,
    onSuccess: (delivery) => queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(delivery.endpointId) }),
  });
}
