import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, CheckCircle2, Download, Loader2, Timer } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { PlatformIcon } from '@/components/platform-icon';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage, isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime, formatRelative } from '@/lib/format';
import { MAX_REVIEWS_PER_IMPORT } from '@server/reviews/shared/review-constants';
import type { SourceSummary } from '../api/get-review-summary';
import { isRunning, type ImportJob } from '../api/get-review-imports';
import { reviewsQueryKey } from '../api/review-query-keys';
import { useStartReviewImport } from '../api/start-review-import';
import type { ReviewSource } from '../lib/review-item';

const NOUN = { GOOGLE_BUSINESS: 'reviews', FACEBOOK: 'recommendations' } as const;
const NAME = { GOOGLE_BUSINESS: 'Google Business', FACEBOOK: 'Facebook' } as const;
const DEFAULT_COUNT = 50;

type ImportPanelProps = { teamId: string; source: ReviewSource; job: ImportJob | undefined; capacity: SourceSummary | undefined };

/** Starts an import of one platform's reviews and follows it: state, how many came in, what is left of the month. */
export function ImportPanel({ teamId, source, job, capacity }: ImportPanelProps) {
  const id = useId();
  const start = useStartReviewImport(teamId);
  const running = isRunning(job);
  const remaining = capacity?.remaining;
  const [count, setCount] = useState(DEFAULT_COUNT);
  const max = Math.max(1, Math.min(MAX_REVIEWS_PER_IMPORT, remaining ?? MAX_REVIEWS_PER_IMPORT));
  useRefreshWhileImporting(job);

  return (
    <div className="flex flex-col gap-4 px-5 py-4 lg:flex-row lg:items-center" aria-label={`${NAME[source]} import`} role="group">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <PlatformIcon platform={source} size="lg" />
        <div className="min-w-0 flex-1 space-y-1.5">
          <p className="text-sm font-medium text-zinc-900">
            {NAME[source]} {NOUN[source]}
          </p>
          {capacity ? (
            <p className="text-xs text-zinc-500">
              <span className="font-medium text-zinc-700 tabular-nums">{capacity.remaining}</span> of {capacity.limit} new {NOUN[source]} left to import this
              month
            </p>
          ) : null}
          {job ? (
            <ImportProgress job={job} noun={NOUN[source]} />
          ) : (
            <p className="text-xs text-zinc-500">No import yet: the first one brings in the newest {NOUN[source]}.</p>
          )}
        </div>
      </div>
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          start.mutate({ teamId, source, count: Math.min(count, max) });
        }}
      >
        <div className="w-24 space-y-1">
          <label htmlFor={`${id}-count`} className="block text-xs font-medium text-zinc-600">
            How many new
          </label>
          <Input
            id={`${id}-count`}
            type="number"
            min={1}
            max={max}
            value={count}
            onChange={(event) => setCount(Number(event.target.value) || 1)}
            className="h-8"
          />
        </div>
        <Button type="submit" variant="secondary" size="sm" className="h-8" pending={start.isPending} disabled={running || remaining === 0}>
          {running ? null : <Download className="size-4" aria-hidden />}
          {running ? 'Importing…' : `Import ${NOUN[source]}`}
        </Button>
      </form>
      {start.isError ? (
        <p role="alert" className="text-xs text-red-700 lg:max-w-56">
          {isApiError(start.error, 409) ? `An import of these ${NOUN[source]} is already running; it is shown here.` : errorMessage(start.error)}
        </p>
      ) : null}
    </div>
  );
}

function ImportProgress({ job, noun }: { job: ImportJob; noun: string }) {
  const percent = Math.min(100, Math.round((job.imported / Math.max(1, job.requested)) * 100));
  const counts = `${job.imported} of ${job.requested} new ${noun}`;
  let label;
  if (job.status === 'PENDING') label = { icon: <Loader2 className="size-3.5 animate-spin" aria-hidden />, text: 'Waiting to start…', tone: 'text-zinc-600' };
  else if (job.status === 'FETCHING')
    label = { icon: <Loader2 className="size-3.5 animate-spin" aria-hidden />, text: `Importing: ${counts}`, tone: 'text-accent-700' };
  else if (job.status === 'RATE_LIMITED')
    label = {
      icon: <Timer className="size-3.5" aria-hidden />,
      text: `Paused by the platform's rate limit${job.rateLimitResetAt ? `; resumes ${formatRelative(job.rateLimitResetAt)}` : ''} (${counts} so far)`,
      tone: 'text-amber-700',
    };
  else if (job.status === 'FAILED')
    label = {
      icon: <AlertCircle className="size-3.5" aria-hidden />,
      text: `Import failed: ${job.error ?? 'the platform did not answer'}`,
      tone: 'text-red-700',
    };
  else
    label = {
      icon: <CheckCircle2 className="size-3.5" aria-hidden />,
      text:
        job.imported < job.requested
          ? `Done: ${job.imported} new ${noun}, nothing older left to import${job.completedAt ? ` (${formatDateTime(job.completedAt)})` : ''}`
          : `Done: ${job.imported} new ${noun}${job.completedAt ? ` (${formatDateTime(job.completedAt)})` : ''}`,
      tone: 'text-emerald-700',
    };
  const running = isRunning(job);
  return (
    <div className="space-y-1.5" role="status" aria-label={`Import ${job.status.toLowerCase().replace('_', ' ')}`}>
      <p className={cn('flex items-center gap-1.5 text-xs font-medium', label.tone)}>
        {label.icon}
        {label.text}
      </p>
      {running ? (
        <div
          role="progressbar"
          aria-label="Import progress"
          aria-valuemin={0}
          aria-valuemax={job.requested}
          aria-valuenow={job.imported}
          aria-valuetext={counts}
          className="h-1.5 w-full max-w-sm overflow-hidden rounded-full bg-zinc-100"
        >
          <div
            className={cn('h-full rounded-full transition-[width] duration-500', job.status === 'RATE_LIMITED' ? 'bg-amber-400' : 'bg-accent-500')}
            style={{ width: `${Math.max(4, percent)}%` }}
          />
        </div>
      ) : null}
    </div>
  );
}

/** Reviews arrive while the import runs: the list follows its count, and reads once more when it ends. */
function useRefreshWhileImporting(job: ImportJob | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef<string | null>(null);
  const progress = job ? `${job.id}:${job.status}:${job.imported}` : null;
  useEffect(() => {
    if (seen.current !== null && progress !== seen.current)
      void queryClient.invalidateQueries({ queryKey: reviewsQueryKey, predicate: (query) => query.queryKey[1] !== 'imports' });
    seen.current = progress;
  }, [progress, queryClient]);
}
