import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';
import { webhookQueryKey } from './get-webhook';

export type WebhookSecret = ApiSchema<'WebhookSecret'>;

export function getWebhookSecret(id: string): Promise<WebhookSecret> {
  return ok(api.GET('/webhooks/{id}/secret', { params: { path: { id } } }));
}

export const webhookSecretQueryKey = (id: string) => [...webhookQueryKey(id), 'secret'] as const;

// Read only when asked for (the panel also drops it when hidden): a secret should not sit in memory.
export const webhookSecretQueryOptions = (id: string) =>
  queryOptions({ queryKey: webhookSecretQueryKey(id), queryFn: () => getWebhookSecret(id), staleTime: 0, gcTime: 60_000 });

export function useWebhookSecret(id: string, { revealed }: { revealed: boolean }) {
  return useQuery({ ...webhookSecretQueryOptions(id), enabled: revealed });
}
