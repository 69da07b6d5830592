import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { refreshFailure } from '../lib/analytics-errors';

type Refresh = { mutate: () => void; isPending: boolean; error: unknown; isError: boolean };

/** "Refresh now" and, right under it, why it did not (the 6-per-24-hours budget, a platform failure). */
export function RefreshButton({ refresh, label }: { refresh: Refresh; label: string }) {
  return (
    <div className="flex flex-col items-end gap-1">
      <Button variant="secondary" size="sm" pending={refresh.isPending} onClick={() => refresh.mutate()} aria-label={`Refresh now: ${label}`}>
        {refresh.isPending ? null : <RefreshCw className="size-3.5" aria-hidden />}
        Refresh now
      </Button>
      {refresh.isError ? (
        <p role="alert" className="max-w-sm text-right text-xs text-amber-800">
          {refreshFailure(refresh.error)}
        </p>
      ) : null}
    </div>
  );
}
