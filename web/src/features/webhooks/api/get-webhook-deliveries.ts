import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ok, type ApiSchema } from '@/lib/api-client';
import { webhookQueryKey } from './get-webhook';

export type WebhookDelivery = ApiSchema<'WebhookDelivery'>;
export type WebhookAttempt = WebhookDelivery['attempts'][number];
type WebhookDeliveryList = ApiSchema<'WebhookDeliveryList'>;

export const DELIVERIES_PAGE = 20;
// Deliveries change in the worker, which announces nothing: the log asks again, often while some
// are scheduled, and now and then otherwise (new events become new deliveries).
const POLL_WHILE_PENDING_MS = 2000;
const POLL_IDLE_MS = 15_000;

export function getWebhookDeliveries(id: string, limit: number): Promise<WebhookDeliveryList> {
  return ok(api.GET('/webhooks/{id}/deliveries', { params: { path: { id }, query: { limit } } }));
}

export const webhookDeliveriesQueryKey = (id: string) => [...webhookQueryKey(id), 'deliveries'] as const;

export const webhookDeliveriesQueryOptions = (id: string, limit = DELIVERIES_PAGE) =>
  queryOptions({
    queryKey: [...webhookDeliveriesQueryKey(id), { limit }],
    queryFn: () => getWebhookDeliveries(id, limit),
    refetchInterval: (query) => (query.state.data?.items.some((delivery) => delivery.status === 'pending') ? POLL_WHILE_PENDING_MS : POLL_IDLE_MS),
  });

/** Newest first; a larger `limit` shows older deliveries while keeping the current list on screen. */
export function useWebhookDeliveries(id: string, limit: number) {
  return useQuery({ ...webhookDeliveriesQueryOptions(id, limit), placeholderData: keepPreviousData });
}
