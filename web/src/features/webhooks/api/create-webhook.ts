import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok, type ApiAnswer, type ApiBody } from '@/lib/api-client';
import { webhookSecretQueryKey, type WebhookSecret } from './get-webhook-secret';
import { webhooksQueryKey } from './get-webhooks';

export type CreateWebhookInput = ApiBody<'/webhooks', 'post'>;
export type CreatedWebhook = ApiAnswer<'/webhooks', 'post'>;

export function createWebhook(input: CreateWebhookInput): Promise<CreatedWebhook> {
  return ok(api.POST('/webhooks', { body: input }));
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
