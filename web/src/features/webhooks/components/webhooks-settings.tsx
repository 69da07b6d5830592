import { Link, useNavigate } from '@tanstack/react-router';
import { ChevronRight, Plus, Webhook } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatDateTime } from '@/lib/format';
import { useWebhooks, type WebhookEndpoint } from '../api/get-webhooks';
import { SignatureHelp } from './signature-help';
import { CreateWebhookDialog } from './webhook-form-dialogs';
import { EventSummary, WebhookStatusBadge } from './webhook-status';

const DESCRIPTION = 'Endpoints receive signed POST requests when something happens in this organization.';

export function WebhooksSettings() {
  const { data } = useWebhooks();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  const addButton = (
    <Button onClick={() => setCreating(true)}>
      <Plus className="size-4" aria-hidden />
      Add endpoint
    </Button>
  );

  return (
    <Card>
      <CardHeader title="Webhooks" description={DESCRIPTION} actions={data.items.length > 0 ? addButton : null} />
      {data.items.length === 0 ? (
        <div className="grid grid-cols-1 gap-8 p-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
          <EmptyState
            icon={Webhook}
            title="No webhook endpoints yet"
            className="px-0 py-4 lg:items-start lg:text-left"
            description={
              <>
                Webhooks tell your own systems the moment something happens: a post goes out, a comment or a direct message arrives, a team or an account
                changes. Add your server's URL, pick the events, and every delivery is signed, retried for about three days and logged here.
              </>
            }
            action={addButton}
          />
          <section aria-label="How to verify a delivery" className="rounded-xl border border-zinc-200 bg-zinc-50/60 p-5">
            <h3 className="mb-2 text-sm font-semibold text-zinc-900">How to verify a delivery</h3>
            <SignatureHelp />
          </section>
        </div>
      ) : (
        <EndpointTable endpoints={data.items} />
      )}
      {data.items.length > 0 ? (
        <div className="border-t border-zinc-100 px-5 py-3 text-xs text-zinc-500">
          {data.total === 1 ? '1 endpoint' : `${data.total} endpoints`}. Open one to see its secret, send a test event and read its delivery log.
        </div>
      ) : null}

      <CreateWebhookDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(endpoint) => {
          setCreating(false);
          toast.success('Endpoint added', { description: 'Send a test event to check that it answers.' });
          navigate({ to: '/settings/webhooks/$webhookId', params: { webhookId: endpoint.id } });
        }}
      />
    </Card>
  );
}

function EndpointTable({ endpoints }: { endpoints: WebhookEndpoint[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Webhook endpoints, newest first</caption>
        <thead className="border-b border-zinc-200 bg-zinc-50/60 text-xs font-medium text-zinc-500">
          <tr>
            <th scope="col" className="px-5 py-2.5 font-medium">
              Endpoint
            </th>
            <th scope="col" className="px-3 py-2.5 font-medium">
              Events
            </th>
            <th scope="col" className="px-3 py-2.5 font-medium">
              Status
            </th>
            <th scope="col" className="px-3 py-2.5 font-medium">
              Created
            </th>
            <th scope="col" className="px-5 py-2.5">
              <span className="sr-only">Open</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {endpoints.map((endpoint) => (
            <tr key={endpoint.id} className="group relative hover:bg-zinc-50/70">
              <th scope="row" className="max-w-md px-5 py-3 font-normal">
                {/* The link covers the whole row (see the ::after), so any click on it opens the endpoint. */}
                <Link
                  to="/settings/webhooks/$webhookId"
                  params={{ webhookId: endpoint.id }}
                  className="block truncate font-mono text-[13px] font-medium text-zinc-900 after:absolute after:inset-0"
                  title={endpoint.url}
                >
                  {endpoint.url}
                </Link>
                {endpoint.description ? <span className="block truncate text-xs text-zinc-500">{endpoint.description}</span> : null}
              </th>
              <td className="px-3 py-3 text-xs">
                <EventSummary events={endpoint.events} max={2} />
              </td>
              <td className="px-3 py-3">
                <WebhookStatusBadge endpoint={endpoint} />
                {!endpoint.enabled && endpoint.disabledReason ? (
                  <span className="mt-1 block max-w-56 text-xs text-red-700">{endpoint.disabledReason}</span>
                ) : null}
              </td>
              <td className="px-3 py-3 whitespace-nowrap text-zinc-600" title={formatDateTime(endpoint.createdAt)}>
                {formatDate(endpoint.createdAt)}
              </td>
              <td className="px-5 py-3 text-right text-zinc-400 group-hover:text-zinc-600">
                <ChevronRight className="ml-auto size-4" aria-hidden />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function WebhooksSkeleton() {
  return (
    <Card aria-busy="true" aria-label="Loading webhooks">
      <CardHeader title="Webhooks" description={DESCRIPTION} />
      <div className="space-y-3 p-5">
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex items-center gap-6">
            <Skeleton className="h-4 w-72" />
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-4 w-16" />
            <Skeleton className="ml-auto h-4 w-20" />
          </div>
        ))}
      </div>
    </Card>
  );
}
