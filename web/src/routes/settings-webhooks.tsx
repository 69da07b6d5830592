import { createRoute } from '@tanstack/react-router';
import { webhookQueryOptions } from '@/features/webhooks/api/get-webhook';
import { webhookDeliveriesQueryOptions } from '@/features/webhooks/api/get-webhook-deliveries';
import { webhooksQueryOptions } from '@/features/webhooks/api/get-webhooks';
import { settingsRoute } from './settings';

export const settingsWebhooksRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'webhooks',
  loader: ({ context }) => context.queryClient.ensureQueryData(webhooksQueryOptions()),
}).lazy(() => import('./settings-webhooks.lazy').then((page) => page.WebhooksRoute));

export const settingsWebhookRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'webhooks/$webhookId',
  loader: ({ context, params }) => {
    // The log loads alongside; the page does not wait for it.
    void context.queryClient.prefetchQuery(webhookDeliveriesQueryOptions(params.webhookId));
    return context.queryClient.ensureQueryData(webhookQueryOptions(params.webhookId));
  },
}).lazy(() => import('./settings-webhooks.lazy').then((page) => page.WebhookRoute));
