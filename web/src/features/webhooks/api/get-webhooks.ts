import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';

export type WebhookEndpoint = ApiSchema<'WebhookEndpoint'>;
type WebhookEndpointList = ApiSchema<'WebhookEndpointList'>;

// The API's maximum page; an organization has a handful of endpoints, not hundreds.
const ALL_ENDPOINTS = 500;

export function getWebhooks(): Promise<WebhookEndpointList> {
  return ok(api.GET('/webhooks', { params: { query: { limit: ALL_ENDPOINTS } } }));
}

/** Every webhook query starts with this, so one invalidation can reach them all. */
export const webhooksBaseKey = ['webhooks'] as const;
export const webhooksQueryKey = [...webhooksBaseKey, 'list'] as const;

export const webhooksQueryOptions = () => queryOptions({ queryKey: webhooksQueryKey, queryFn: getWebhooks });

export function useWebhooks() {
  return useSuspenseQuery(webhooksQueryOptions());
}
