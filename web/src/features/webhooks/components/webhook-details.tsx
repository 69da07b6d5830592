import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Pencil, Power, PowerOff, ShieldCheck, Trash2, TriangleAlert } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatRelative } from '@/lib/format';
import { forgetWebhook, useDeleteWebhook } from '../api/delete-webhook';
import { useWebhook, webhookQueryKey } from '../api/get-webhook';
import { DELIVERIES_PAGE, useWebhookDeliveries } from '../api/get-webhook-deliveries';
import type { WebhookEndpoint } from '../api/get-webhooks';
import { useUpdateWebhook } from '../api/update-webhook';
import { DeliveryLog, SendTestButton } from './delivery-log';
import { SignatureHelp } from './signature-help';
import { EditWebhookDialog } from './webhook-form-dialogs';
import { WebhookSecretPanel } from './webhook-secret';
import { EventSummary, WebhookStatusBadge } from './webhook-status';

const POLL_WHILE_PENDING_MS = 3000;

export function WebhookDetails({ webhookId }: { webhookId: string }) {
  const [limit, setLimit] = useState(DELIVERIES_PAGE);
  const deliveries = useWebhookDeliveries(webhookId, limit);
  // While deliveries are under way their outcome can disable the endpoint (410, failing for days): keep its state current.
  const pending = deliveries.data?.items.some((delivery) => delivery.status === 'pending') ?? false;
  const { data: endpoint } = useWebhook(webhookId, pending ? POLL_WHILE_PENDING_MS : false);
  // ...and once more when the last of them settles, for its last success or failure.
  const queryClient = useQueryClient();
  const wasPending = useRef(pending);
  useEffect(() => {
    if (wasPending.current && !pending) void queryClient.invalidateQueries({ queryKey: webhookQueryKey(webhookId), exact: true });
    wasPending.current = pending;
  }, [pending, queryClient, webhookId]);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();

  const setEnabled = (enabled: boolean) =>
    update.mutate(
      { id: endpoint.id, changes: { enabled } },
      {
        onSuccess: () => toast.success(enabled ? 'Endpoint enabled: held-back deliveries are being sent' : 'Endpoint disabled: new events are kept for later'),
      },
    );

  return (
    <div className="space-y-6">
      <Link to="/settings/webhooks" className="inline-flex items-center gap-1.5 text-sm font-medium text-zinc-500 hover:text-zinc-800">
        <ArrowLeft className="size-4" aria-hidden />
        All endpoints
      </Link>

      <Card>
        <div className="flex flex-col gap-4 border-b border-zinc-200 px-5 py-4 lg:flex-row lg:items-start lg:justify-between">
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="font-mono text-sm font-semibold break-all text-zinc-900">{endpoint.url}</h2>
              <WebhookStatusBadge endpoint={endpoint} />
            </div>
            <p className="text-sm text-zinc-500">{endpoint.description || 'No description'}</p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <SendTestButton endpoint={endpoint} />
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Pencil className="size-4" aria-hidden />
              Edit
            </Button>
            {endpoint.enabled ? (
              <Button variant="secondary" pending={update.isPending} onClick={() => setEnabled(false)}>
                <PowerOff className="size-4" aria-hidden />
                Disable
              </Button>
            ) : null}
            <Button variant="danger-ghost" onClick={() => setDeleting(true)}>
              <Trash2 className="size-4" aria-hidden />
              Delete
            </Button>
          </div>
        </div>
        <StateBanner endpoint={endpoint} pending={update.isPending} onEnable={() => setEnabled(true)} />
        <dl className="grid gap-x-6 gap-y-4 px-5 py-4 text-sm sm:grid-cols-3">
          <div className="sm:col-span-3">
            <dt className="mb-1 text-xs font-medium text-zinc-500">Events</dt>
            <dd>
              <EventSummary events={endpoint.events} max={20} />
            </dd>
          </div>
          <Fact label="Last success" at={endpoint.lastSuccessAt} />
          <Fact label="Last failure" at={endpoint.lastFailureAt} />
          <Fact label="Created" at={endpoint.createdAt} />
        </dl>
      </Card>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <DeliveryLog endpoint={endpoint} deliveries={deliveries} onShowMore={() => setLimit(limit + DELIVERIES_PAGE)} />
        <Card>
          <CardHeader title="Signing" description="Use the secret to check that each delivery comes from this service." />
          <div className="space-y-5 px-5 py-4">
            <WebhookSecretPanel endpoint={endpoint} />
            <details className="group border-t border-zinc-100 pt-4">
              <summary className="flex cursor-pointer items-center gap-2 text-sm font-medium text-zinc-700 select-none hover:text-zinc-900">
                <ShieldCheck className="size-4 text-zinc-400" aria-hidden />
                How to verify a delivery
              </summary>
              <div className="mt-3">
                <SignatureHelp />
              </div>
            </details>
          </div>
        </Card>
      </div>

      <EditWebhookDialog endpoint={editing ? endpoint : null} onClose={() => setEditing(false)} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete this webhook endpoint?"
        description={
          <>
            <span className="font-mono break-all text-zinc-800">{endpoint.url}</span> stops receiving events at once, and its delivery log is deleted with it.
            Deliveries still being retried are dropped. This cannot be undone.
          </>
        }
        confirmLabel="Delete endpoint"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(endpoint.id, {
            onSuccess: async () => {
              toast.success('Endpoint deleted');
              await navigate({ to: '/settings/webhooks' });
              forgetWebhook(queryClient, endpoint.id);
            },
            onSettled: () => setDeleting(false),
          })
        }
      />
    </div>
  );
}

function StateBanner({ endpoint, pending, onEnable }: { endpoint: WebhookEndpoint; pending: boolean; onEnable: () => void }) {
  if (!endpoint.enabled) {
    return (
      <div role="note" className="flex flex-col gap-3 border-b border-red-100 bg-red-50/70 px-5 py-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex gap-2.5 text-sm text-red-900">
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden />
          <span>
            <strong className="font-semibold">Disabled{endpoint.disabledAt ? ` ${formatRelative(endpoint.disabledAt)}` : ''}:</strong>{' '}
            {endpoint.disabledReason ?? 'no reason recorded'}. New events are kept as paused deliveries and go out when you enable it again.
          </span>
        </p>
        <Button size="sm" pending={pending} onClick={onEnable}>
          <Power className="size-3.5" aria-hidden />
          Enable again
        </Button>
      </div>
    );
  }
  if (endpoint.failingSince) {
    return (
      <div role="note" className="flex gap-2.5 border-b border-amber-100 bg-amber-50/70 px-5 py-3 text-sm text-amber-900">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
        <span>
          <strong className="font-semibold">Failing since {formatDateTime(endpoint.failingSince)}.</strong> Deliveries are retried with backoff; if the endpoint
          keeps failing it is disabled. Only a 2xx answer counts as delivered.
        </span>
      </div>
    );
  }
  return null;
}

function Fact({ label, at }: { label: string; at: string | null }) {
  return (
    <div>
      <dt className="text-xs font-medium text-zinc-500">{label}</dt>
      <dd className="mt-0.5 text-zinc-800" title={at ? formatDateTime(at) : undefined}>
        {at ? formatRelative(at) : 'Never'}
      </dd>
    </div>
  );
}

export function WebhookDetailsSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true" aria-label="Loading webhook endpoint">
      <Skeleton className="h-4 w-28" />
      <Card>
        <div className="space-y-3 p-5">
          <Skeleton className="h-5 w-96 max-w-full" />
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-4 w-64" />
        </div>
      </Card>
      <Card>
        <div className="space-y-3 p-5">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-4 w-full" />
          ))}
        </div>
      </Card>
    </div>
  );
}
