import { Badge } from '@/components/ui/badge';
import { formatRelative } from '@/lib/format';
import type { ServiceComment } from '../api/get-post-replies';

const STATE: Record<ServiceComment['status'], { label: string; tone: 'neutral' | 'accent' | 'success' | 'danger' | 'warning' }> = {
  DRAFT: { label: 'Draft', tone: 'neutral' },
  SCHEDULED: { label: 'Scheduled', tone: 'accent' },
  PROCESSING: { label: 'Publishing', tone: 'accent' },
  RETRYING: { label: 'Retrying', tone: 'warning' },
  POSTED: { label: 'Published', tone: 'success' },
  ERROR: { label: 'Failed', tone: 'danger' },
  DELETED: { label: 'Deleted', tone: 'neutral' },
};

/** A comment written through the service, with where it is on its way to the platform. */
export function OwnComment({ comment, platform }: { comment: ServiceComment; platform: string }) {
  const state = STATE[comment.status];
  const text = comment.data[platform]?.text ?? Object.values(comment.data).find((entry) => entry?.text)?.text ?? '';
  const error = comment.errorsVerbose[platform]?.userFacingMessage ?? comment.errors[platform] ?? comment.error;
  const permalink = comment.externalData[platform]?.permalink;
  return (
    <article aria-label={`Your reply: ${text.slice(0, 60)}`} className="flex gap-3 rounded-lg bg-accent-50/40 px-3 py-2">
      <span aria-hidden className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-100 text-xs font-semibold text-accent-700">
        You
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span className="font-semibold text-zinc-900">You</span>
          <Badge tone={state.tone}>{state.label}</Badge>
          <time dateTime={comment.postedDate ?? comment.postDate} className="text-zinc-500">
            {formatRelative(comment.postedDate ?? comment.postDate)}
          </time>
          {permalink ? (
            <a href={permalink} target="_blank" rel="noreferrer" className="text-accent-700 hover:underline">
              View
            </a>
          ) : null}
        </div>
        <p className="text-sm whitespace-pre-line text-zinc-800">{text}</p>
        {error && comment.status !== 'POSTED' ? (
          <p role="alert" className="text-xs text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </article>
  );
}
