import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, CheckCircle2, Loader2, RefreshCw, Timer } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { PlatformIcon } from '@/components/platform-icon';
import { Button } from '@/components/ui/button';
import { errorMessage, isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime, formatRelative } from '@/lib/format';
import { REVIEW_SYNC_EVERY_HOURS, reviewSyncCount } from '@server/reviews/shared/review-sync-budget';
import type { SourceSummary } from '../api/get-review-summary';
import { isRunning, type ImportJob } from '../api/get-review-imports';
import { reviewsQueryKey } from '../api/review-query-keys';
import { useStartReviewImport } from '../api/start-review-import';
import type { ReviewSource } from '../lib/review-item';

const NOUN = { GOOGLE_BUSINESS: 'reviews', FACEBOOK: 'recommendations' } as const;
const NAME = { GOOGLE_BUSINESS: 'Google Business', FACEBOOK: 'Facebook' } as const;

type SyncPanelProps = { teamId: string; source: ReviewSource; job: ImportJob | undefined; capacity: SourceSummary | undefined };

/**
 * One platform's reviews keep themselves in sync (the service imports every few hours within the
 * month's capacity, decision 082); this says when that last happened and how much of the month is
 * left, and "Sync now" runs one at once, sized by the same rule.
 */
export function SyncPanel({ teamId, source, job, capacity }: SyncPanelProps) {
  const start = useStartReviewImport(teamId);
  const running = isRunning(job);
  const remaining = capacity?.remaining;
  useRefreshWhileImporting(job);
  const syncNow = () => {
    if (remaining === undefined) return;
    start.mutate({ teamId, source, count: reviewSyncCount({ remaining, firstSync: !job, manual: true }) });
  };

  return (
    <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center" aria-label={`${NAME[source]} sync`} role="group">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <PlatformIcon platform={source} size="lg" />
        <div className="min-w-0 flex-1 space-y-1">
          <p className="text-sm font-medium text-zinc-900">
            {NAME[source]} {NOUN[source]}
          </p>
          {job ? (
            <ImportProgress job={job} noun={NOUN[source]} />
          ) : (
            <p className="text-xs text-zinc-500">Not synced yet: the first sync brings in the newest {NOUN[source]}.</p>
          )}
          <p className="text-xs text-zinc-500">
            Synced automatically every {REVIEW_SYNC_EVERY_HOURS} hours
            {capacity ? (
              <>
                {' '}
                · <span className="font-medium text-zinc-700 tabular-nums">{capacity.remaining}</span> of {capacity.limit} new {NOUN[source]} left this month
              </>
            ) : null}
          </p>
        </div>
      </div>
      <Button variant="secondary" size="sm" className="self-start sm:self-center" onClick={syncNow} pending={start.isPending} disabled={running || !remaining}>
        {start.isPending ? null : <RefreshCw className={cn('size-3.5', running && 'animate-spin')} aria-hidden />}
        {running ? 'Syncing…' : 'Sync now'}
      </Button>
      {start.isError ? (
        <p role="alert" className="text-xs text-red-700 sm:max-w-56">
          {isApiError(start.error, 409) ? `A sync of these ${NOUN[source]} is already running; it is shown here.` : errorMessage(start.error)}
        </p>
      ) : null}
    </div>
  );
}

function ImportProgress({ job, noun }: { job: ImportJob; noun: string }) {
  const percent = Math.min(100, Math.round((job.imported / Math.max(1, job.requested)) * 100));
  const counts = `${job.imported} of ${job.requested} new ${noun}`;
  let label: { icon: ReactNode; text: string; tone: string; title?: string };
  if (job.status === 'PENDING')
    label = { icon: <Loader2 className="size-3.5 animate-spin" aria-hidden />, text: 'Sync waiting to start…', tone: 'text-zinc-600' };
  else if (job.status === 'FETCHING')
    label = { icon: <Loader2 className="size-3.5 animate-spin" aria-hidden />, text: `Syncing: ${counts}`, tone: 'text-accent-700' };
  else if (job.status === 'RATE_LIMITED')
    label = {
      icon: <Timer className="size-3.5" aria-hidden />,
      text: `Paused by the platform's rate limit${job.rateLimitResetAt ? `; resumes ${formatRelative(job.rateLimitResetAt)}` : ''} (${counts} so far)`,
      tone: 'text-amber-700',
    };
  else if (job.status === 'FAILED')
    label = {
      icon: <AlertCircle className="size-3.5" aria-hidden />,
      text: `The last sync failed: ${job.error ?? 'the platform did not answer'}`,
      tone: 'text-red-700',
    };
  else
    label = {
      icon: <CheckCircle2 className="size-3.5" aria-hidden />,
      text: `Last synced ${job.completedAt ? formatRelative(job.completedAt) : ''}: ${job.imported === 1 ? `1 new ${noun.replace(/s$/, '')}` : `${job.imported} new ${noun}`}`,
      title: job.completedAt ? formatDateTime(job.completedAt) : undefined,
      tone: 'text-emerald-700',
    };
  const running = isRunning(job);
  return (
    <div className="space-y-1.5" role="status" aria-label={`Sync ${job.status.toLowerCase().replace('_', ' ')}`}>
      <p className={cn('flex items-center gap-1.5 text-xs font-medium', label.tone)} title={label.title}>
        {label.icon}
        {label.text}
      </p>
      {running ? (
        <div
          role="progressbar"
          aria-label="Sync progress"
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
