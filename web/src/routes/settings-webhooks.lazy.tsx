import { createLazyRoute } from '@tanstack/react-router';
import { RouteError } from '@/components/route-error';
import { WebhookDetails, WebhookDetailsSkeleton } from '@/features/webhooks/components/webhook-details';
import { WebhooksSettings, WebhooksSkeleton } from '@/features/webhooks/components/webhooks-settings';

export const WebhooksRoute = createLazyRoute('/app/settings/webhooks')({
  pendingComponent: WebhooksSkeleton,
  errorComponent: RouteError,
  component: WebhooksSettings,
});

export const WebhookRoute = createLazyRoute('/app/settings/webhooks/$webhookId')({
  pendingComponent: WebhookDetailsSkeleton,
  errorComponent: RouteError,
  component: WebhookRouteComponent,
});

function WebhookRouteComponent() {
  const { webhookId } = WebhookRoute.useParams();
  return <WebhookDetails webhookId={webhookId} />;
}
