import { CheckCircle2, Clock, ExternalLink, ShieldAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import type { ReviewReply } from '../lib/review-item';

/** Where the platform's moderation stands with the owner reply: pending, rejected (and why), or live (and where). */
export function ReplyState({ reply }: { reply: ReviewReply }) {
  if (reply.state === 'REJECTED') {
    return (
      <Badge tone="danger">
        <ShieldAlert className="size-3.5" aria-hidden />
        Rejected
      </Badge>
    );
  }
  if (reply.state === 'PENDING') {
    return (
      <Badge tone="warning">
        <Clock className="size-3.5" aria-hidden />
        Pending moderation
      </Badge>
    );
  }
  return (
    <span className="inline-flex items-center gap-2">
      <Badge tone="success">
        <CheckCircle2 className="size-3.5" aria-hidden />
        Live
      </Badge>
      {reply.url ? (
        <a href={reply.url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-xs font-medium text-accent-700 hover:underline">
          View on the platform
          <ExternalLink className="size-3" aria-hidden />
        </a>
      ) : null}
    </span>
  );
}
