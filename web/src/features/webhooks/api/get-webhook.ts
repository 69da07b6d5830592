import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, ok } from '@/lib/api-client';
import { webhooksBaseKey, type WebhookEndpoint } from './get-webhooks';

export function getWebhook(id: string): Promise<WebhookEndpoint> {
  return ok(api.GET('/webhooks/{id}', { params: { path: { id } } }));
}

/** The endpoint and everything under it (deliveries, secret) share this prefix. */
export const webhookQueryKey = (id: string) => [...webhooksBaseKey, 'detail', id] as const;

export const webhookQueryOptions = (id: string) => queryOptions({ queryKey: webhookQueryKey(id), queryFn: () => getWebhook(id) });

/** `pollMs` while deliveries are under way: their outcome (a 410, repeated failures) can disable the endpoint. */
export function useWebhook(id: string, pollMs: number | false = false) {
  return useSuspenseQuery({ ...webhookQueryOptions(id), refetchInterval: pollMs });
}
