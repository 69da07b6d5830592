import { ChevronRight, History, RotateCw, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime, formatRelative } from '@/lib/format';
import type { useWebhookDeliveries, WebhookAttempt, WebhookDelivery } from '../api/get-webhook-deliveries';
import type { WebhookEndpoint } from '../api/get-webhooks';
import { useReplayWebhookDelivery } from '../api/replay-webhook-delivery';
import { useSendWebhookTest } from '../api/send-webhook-test';

const DELIVERY_TONES = { pending: 'accent', delivered: 'success', failed: 'danger', paused: 'warning' } as const;
const DELIVERY_LABELS = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed', paused: 'Paused' } as const;
const ATTEMPT_TONES = { sending: 'accent', succeeded: 'success', failed: 'danger', interrupted: 'warning' } as const;

export function SendTestButton({ endpoint, variant = 'secondary' }: { endpoint: WebhookEndpoint; variant?: 'primary' | 'secondary' }) {
  const send = useSendWebhookTest();
  return (
    <Button
      variant={variant}
      pending={send.isPending}
      disabled={!endpoint.enabled}
      title={endpoint.enabled ? undefined : 'Enable the endpoint to send a test event'}
      onClick={() =>
        send.mutate(endpoint.id, { onSuccess: () => toast.success('Test event queued', { description: 'It appears in the delivery log in a moment.' }) })
      }
    >
      <Send className="size-4" aria-hidden />
      Send test event
    </Button>
  );
}

type DeliveryLogProps = { endpoint: WebhookEndpoint; deliveries: ReturnType<typeof useWebhookDeliveries>; onShowMore: () => void };

/** Every delivery of the endpoint, newest first, each opening onto its attempts. */
export function DeliveryLog({ endpoint, deliveries, onShowMore }: DeliveryLogProps) {
  const { data, error, isPending, isPlaceholderData, refetch } = deliveries;

  return (
    <Card>
      <CardHeader
        title="Delivery log"
        description="Each event sent to this endpoint, with every attempt. Failed deliveries are retried with backoff for about three days."
        actions={data && data.total > 0 ? <SendTestButton endpoint={endpoint} /> : null}
      />
      {isPending ? (
        <div className="space-y-3 p-5" aria-busy="true" aria-label="Loading deliveries">
          {[0, 1, 2].map((row) => (
            <div key={row} className="flex items-center gap-6">
              <Skeleton className="h-4 w-36" />
              <Skeleton className="h-4 w-20" />
              <Skeleton className="ml-auto h-4 w-24" />
            </div>
          ))}
        </div>
      ) : error ? (
        <EmptyState
          icon={History}
          title="The delivery log could not be loaded"
          description={errorMessage(error)}
          action={
            <Button variant="secondary" onClick={() => refetch()}>
              Try again
            </Button>
          }
        />
      ) : data.items.length === 0 ? (
        <EmptyState
          icon={History}
          title="Nothing delivered yet"
          description="Deliveries appear here as events happen. Send a test event to check that the endpoint answers with a 2xx status."
          action={<SendTestButton endpoint={endpoint} variant="primary" />}
        />
      ) : (
        <>
          <ul aria-label="Deliveries" className="divide-y divide-zinc-100">
            {data.items.map((delivery) => (
              <DeliveryRow key={delivery.id} delivery={delivery} endpointEnabled={endpoint.enabled} />
            ))}
          </ul>
          <div className="flex items-center justify-between gap-3 border-t border-zinc-100 px-5 py-3 text-xs text-zinc-500">
            <span>
              Showing {data.items.length} of {data.total} {data.total === 1 ? 'delivery' : 'deliveries'}
            </span>
            {data.items.length < data.total ? (
              <Button variant="ghost" size="sm" pending={isPlaceholderData} onClick={onShowMore}>
                Show older deliveries
              </Button>
            ) : null}
          </div>
        </>
      )}
    </Card>
  );
}

function DeliveryRow({ delivery, endpointEnabled }: { delivery: WebhookDelivery; endpointEnabled: boolean }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const replay = useReplayWebhookDelivery();
  const summary = `${delivery.eventType}, ${DELIVERY_LABELS[delivery.status]}${delivery.lastResponseStatus ? `, ${delivery.lastResponseStatus}` : ''}`;
  const canReplay = delivery.status !== 'pending' && endpointEnabled;

  return (
    <li aria-label={summary}>
      <div className="flex items-center gap-3 px-5 py-3">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          className="flex min-w-0 flex-1 items-center gap-3 rounded-md text-left"
        >
          <ChevronRight className={cn('size-4 shrink-0 text-zinc-400 transition-transform', open && 'rotate-90')} aria-hidden />
          <span className="min-w-0 flex-1">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-[13px] font-medium text-zinc-900">{delivery.eventType}</span>
              <Badge tone={DELIVERY_TONES[delivery.status]}>{DELIVERY_LABELS[delivery.status]}</Badge>
              {delivery.lastResponseStatus ? <ResponseCode status={delivery.lastResponseStatus} /> : null}
            </span>
            <span className="mt-0.5 block truncate text-xs text-zinc-500">
              <span title={formatDateTime(delivery.createdAt)}>{formatRelative(delivery.createdAt)}</span>
              {' · '}
              {delivery.attemptCount === 1 ? '1 attempt' : `${delivery.attemptCount} attempts`}
              {delivery.status === 'pending' && delivery.nextAttemptAt ? ` · next attempt ${formatRelative(delivery.nextAttemptAt)}` : null}
              {/* The code is on its badge already; the error says more only when there was no answer (timeout, refused). */}
              {delivery.status !== 'delivered' && delivery.lastError && !delivery.lastResponseStatus ? ` · ${delivery.lastError}` : null}
            </span>
          </span>
        </button>
        <Button
          variant="ghost"
          size="sm"
          disabled={!canReplay}
          pending={replay.isPending}
          title={delivery.status === 'pending' ? 'Already scheduled' : endpointEnabled ? 'Send this delivery again' : 'Enable the endpoint to replay'}
          aria-label={`Replay ${delivery.eventType} delivery`}
          onClick={() =>
            replay.mutate(
              { endpointId: delivery.endpointId, deliveryId: delivery.id },
              { onSuccess: () => toast.success('Delivery scheduled again', { description: 'Same webhook-id, so receivers can deduplicate it.' }) },
            )
          }
        >
          <RotateCw className="size-3.5" aria-hidden />
          Replay
        </Button>
      </div>
      {open ? (
        <div id={panelId} className="space-y-4 bg-zinc-50/70 px-5 pt-1 pb-4 sm:pl-12">
          <AttemptList attempts={delivery.attempts} />
          <details className="group text-xs">
            <summary className="cursor-pointer text-zinc-600 select-none hover:text-zinc-900">
              Payload <span className="font-mono text-zinc-400">(webhook-id {delivery.eventId})</span>
            </summary>
            <pre className="mt-2 max-h-72 overflow-auto rounded-lg bg-zinc-900 px-4 py-3 font-mono text-xs leading-relaxed text-zinc-100">
              {JSON.stringify(delivery.payload, null, 2)}
            </pre>
          </details>
        </div>
      ) : null}
    </li>
  );
}

function AttemptList({ attempts }: { attempts: WebhookAttempt[] }) {
  if (attempts.length === 0) return <p className="pt-2 text-xs text-zinc-500">No attempt yet: the first one is about to start.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white">
      <table className="w-full text-left text-xs">
        <caption className="sr-only">Attempts, oldest first</caption>
        <thead className="border-b border-zinc-200 text-zinc-500">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              #
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Time
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Response
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Body or error
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 align-top">
          {attempts.map((attempt) => (
            <tr key={attempt.id}>
              <td className="px-3 py-2 text-zinc-500 tabular-nums">{attempt.attemptNumber}</td>
              <td className="px-3 py-2">
                <Badge tone={ATTEMPT_TONES[attempt.status]}>{attempt.status}</Badge>
              </td>
              <td className="px-3 py-2 whitespace-nowrap text-zinc-600">
                {formatDateTime(attempt.startedAt)}
                {attempt.durationMs !== null ? <span className="text-zinc-400"> · {attempt.durationMs} ms</span> : null}
                {attempt.nextRetryAt ? <span className="block text-zinc-400">retry {formatRelative(attempt.nextRetryAt)}</span> : null}
              </td>
              <td className="px-3 py-2">
                {attempt.responseStatus ? <ResponseCode status={attempt.responseStatus} /> : <span className="text-zinc-400">none</span>}
              </td>
              <td className="max-w-md px-3 py-2">
                {attempt.error ? <p className="text-red-700">{attempt.error}</p> : null}
                {attempt.responseBody ? (
                  <pre className="max-h-32 overflow-auto font-mono break-all whitespace-pre-wrap text-zinc-700">{attempt.responseBody}</pre>
                ) : attempt.error ? null : (
                  <span className="text-zinc-400">empty</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ResponseCode({ status }: { status: number }) {
  const ok = status >= 200 && status < 300;
  return (
    <Badge tone={ok ? 'success' : 'danger'} className="font-mono" aria-label={`Response ${status}`}>
      {status}
    </Badge>
  );
}
