import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type ApiBody } from '@/lib/api-client';
import type { CreatedWebhook } from './create-webhook';
import { webhookQueryKey } from './get-webhook';
import { webhookSecretQueryKey } from './get-webhook-secret';

export type RotateWebhookSecretInput = { id: string } & ApiBody<'/webhooks/{id}/rotate-secret', 'post'>;

export function rotateWebhookSecret({ id, ...body }: RotateWebhookSecretInput): Promise<CreatedWebhook> {
  return ok(api.POST('/webhooks/{id}/rotate-secret', { params: { path: { id } }, body }));
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: (endpoint) =>
      // The secret query refetches too: it reports the previous secret and when it stops signing.
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookQueryKey(endpoint.id) }),
        queryClient.invalidateQueries({ queryKey: webhookSecretQueryKey(endpoint.id) }),
      ]),
  });
}
