import { RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useRetryHistoryImport } from '../api/retry-history-import';
import type { HistoryImport } from '../lib/history-options';

/** A failed import continues from where it stopped, keeping what it already brought in. */
export function RetryImport({ teamId, platform, job }: { teamId: string; platform: string; job: HistoryImport }) {
  const retry = useRetryHistoryImport(teamId, platform);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" size="sm" pending={retry.isPending} onClick={() => retry.mutate(job.id)}>
        {retry.isPending ? null : <RotateCcw className="size-4" aria-hidden />}
        {retry.isPending ? 'Retrying…' : 'Retry import'}
      </Button>
      <span className="text-xs text-zinc-500">It continues from where it stopped; posts already imported stay.</span>
      {retry.isError ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {isApiError(retry.error, 409)
            ? 'This import is no longer failed (it was retried elsewhere); its progress is shown above.'
            : isApiError(retry.error, 402)
              ? `${errorMessage(retry.error)} Add credits, then retry.`
              : `The import could not be retried: ${errorMessage(retry.error)}`}
        </p>
      ) : null}
    </div>
  );
}
