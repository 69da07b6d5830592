import { Badge } from '@/components/ui/badge';
import type { WebhookEndpoint } from '../api/get-webhooks';

/** Enabled, failing (still retried) or disabled; the reason travels in the title and the page banner. */
export function WebhookStatusBadge({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (!endpoint.enabled) return <Badge tone="danger">Disabled</Badge>;
  if (endpoint.failingSince) return <Badge tone="warning">Failing</Badge>;
  return <Badge tone="success">Enabled</Badge>;
}

/** "All events" or the subscribed types, the first few spelled out. */
export function EventSummary({ events, max = 3 }: { events: readonly string[]; max?: number }) {
  if (events.length === 0) return <span className="text-zinc-600">All events</span>;
  const shown = events.slice(0, max);
  return (
    <span className="flex flex-wrap gap-1">
      {shown.map((type) => (
        <Badge key={type} className="font-mono font-normal">
          {type}
        </Badge>
      ))}
      {events.length > max ? <Badge title={events.slice(max).join(', ')}>+{events.length - max} more</Badge> : null}
    </span>
  );
}
