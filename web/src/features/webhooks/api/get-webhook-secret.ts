import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { WebhookSecretSchema } from '../../../../../server/webhooks/webhooks.schemas';
import { api } from '../../../lib/api-client';
import { webhookQueryKey } from './get-webhook';

export type WebhookSecret = z.infer<typeof WebhookSecretSchema>;

export function getWebhookSecret(id: string): Promise<WebhookSecret> {
  return api.get<WebhookSecret>(`/webhooks/${encodeURIComponent(id)}/secret`);
}

export const webhookSecretQueryKey = (id: string) => [...webhookQueryKey(id), 'secret'] as const;

// Read only when asked for (the panel also drops it when hidden): a secret should not sit in memory.
export const webhookSecretQueryOptions = (id: string) =>
  queryOptions({ queryKey: webhookSecretQueryKey(id), queryFn: () => getWebhookSecret(id), staleTime: 0, gcTime: 60_000 });

export function useWebhookSecret(id: string, { revealed }: { revealed: boolean }) {
  return useQuery({ ...webhookSecretQueryOptions(id), enabled: revealed });
}
