import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RotateSecretBody } from '../../../../../server/webhooks/webhooks.schemas';
import { api } from '../../../lib/api-client';
import type { CreatedWebhook } from './create-webhook';
import { webhookQueryKey } from './get-webhook';
import { webhookSecretQueryKey } from './get-webhook-secret';

export type RotateWebhookSecretInput = { id: string } & z.input<typeof RotateSecretBody>;

export function rotateWebhookSecret({ id, ...body }: RotateWebhookSecretInput): Promise<CreatedWebhook> {
  return api.post<CreatedWebhook>(`/webhooks/${encodeURIComponent(id)}/rotate-secret`, body);
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
