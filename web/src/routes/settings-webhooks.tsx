import { createRoute } from '@tanstack/react-router';
import { RouteError } from '../components/route-error';
import { webhookQueryOptions } from '../features/webhooks/api/get-webhook';
import { webhookDeliveriesQueryOptions } from '../features/webhooks/api/get-webhook-deliveries';
import { webhooksQueryOptions } from '../features/webhooks/api/get-webhooks';
import { WebhookDetails, WebhookDetailsSkeleton } from '../features/webhooks/components/webhook-details';
import { WebhooksSettings, WebhooksSkeleton } from '../features/webhooks/components/webhooks-settings';
import { settingsRoute } from './settings';

export const settingsWebhooksRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'webhooks',
  loader: ({ context }) => context.queryClient.ensureQueryData(webhooksQueryOptions()),
  pendingComponent: WebhooksSkeleton,
  errorComponent: RouteError,
  component: WebhooksSettings,
});

export const settingsWebhookRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: 'webhooks/$webhookId',
  loader: ({ context, params }) => {
    // The log loads alongside; the page does not wait for it.
    void context.queryClient.prefetchQuery(webhookDeliveriesQueryOptions(params.webhookId));
    return context.queryClient.ensureQueryData(webhookQueryOptions(params.webhookId));
  },
  pendingComponent: WebhookDetailsSkeleton,
  errorComponent: RouteError,
  component: WebhookRouteComponent,
});

function WebhookRouteComponent() {
  const { webhookId } = settingsWebhookRoute.useParams();
  return <WebhookDetails webhookId={webhookId} />;
}
