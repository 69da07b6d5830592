import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { WebhookEndpointListSchema, WebhookEndpointSchema } from '../../../../../server/webhooks/webhooks.schemas';
import { api } from '../../../lib/api-client';

export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;
type WebhookEndpointList = z.infer<typeof WebhookEndpointListSchema>;

// The API's maximum page; an organization has a handful of endpoints, not hundreds.
const ALL_ENDPOINTS = 500;

export function getWebhooks(): Promise<WebhookEndpointList> {
  return api.get<WebhookEndpointList>('/webhooks', { query: { limit: ALL_ENDPOINTS } });
}

/** Every webhook query starts with this, so one invalidation can reach them all. */
export const webhooksBaseKey = ['webhooks'] as const;
export const webhooksQueryKey = [...webhooksBaseKey, 'list'] as const;

export const webhooksQueryOptions = () => queryOptions({ queryKey: webhooksQueryKey, queryFn: getWebhooks });

export function useWebhooks() {
  return useSuspenseQuery(webhooksQueryOptions());
}
