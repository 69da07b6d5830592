import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateWebhookBody, WebhookEndpointWithSecretSchema } from '../../../../../server/webhooks/webhooks.schemas';
import { api } from '../../../lib/api-client';
import { webhookSecretQueryKey, type WebhookSecret } from './get-webhook-secret';
import { webhooksQueryKey } from './get-webhooks';

export type CreateWebhookInput = z.input<typeof CreateWebhookBody>;
export type CreatedWebhook = z.infer<typeof WebhookEndpointWithSecretSchema>;

export function createWebhook(input: CreateWebhookInput): Promise<CreatedWebhook> {
  return api.post<CreatedWebhook>('/webhooks', input);
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    meta: { showsError: true },
    onSuccess: (created) => {
      // The answer carries the secret: revealing it on the endpoint's page needs no second request.
      const secret: WebhookSecret = { secret: created.secret, previousSecret: null, previousSecretExpiresAt: null };
      queryClient.setQueryData(webhookSecretQueryKey(created.id), secret);
      return queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
    },
  });
}
