import { Activity } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatRelative } from '@/lib/format';
import { useExecution, useExecutions, type ExecutionFilters as Filters } from '../api/executions';
import type { Flow } from '../api/flows';
import { ExecutionDetail, RunStatus } from './execution-detail';
import { ExecutionFilters } from './execution-filters';

/** The flow's runs of the last 30 days, newest first, filtered, a page at a time, and the one chosen. */
export function ExecutionsPanel({ flow }: { flow: Flow }) {
  const [filters, setFilters] = useState<Filters>({});
  const [chosen, setChosen] = useState<string | null>(null);
  const runs = useExecutions(flow.id, filters);
  const detail = useExecution(chosen);
  const items = runs.data?.pages.flatMap((page) => page.items) ?? [];
  const total = runs.data?.pages[0]?.total;
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_24rem]">
      <Card className="overflow-hidden">
        <ExecutionFilters flow={flow} filters={filters} onChange={setFilters} />
        {runs.isPending ? (
          <Skeleton className="m-4 h-24" />
        ) : items.length ? (
          <>
            <ul aria-label="Runs" className="divide-y divide-zinc-100">
              {items.map((run) => (
                <li key={run.id}>
                  <button
                    type="button"
                    onClick={() => setChosen(run.id)}
                    aria-current={chosen === run.id || undefined}
                    className={cn('flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm hover:bg-zinc-50', chosen === run.id && 'bg-accent-50')}
                  >
                    <RunStatus status={run.status} />
                    <span className="truncate text-zinc-700">{String(run.input.text ?? run.input.payload ?? run.triggerId)}</span>
                    <span className="ml-auto shrink-0 text-xs text-zinc-500">
                      {run.platform.charAt(0) + run.platform.slice(1).toLowerCase()} · v{run.flowVersion.version} · {formatRelative(run.createdAt)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <div className="flex items-center gap-3 border-t border-zinc-200 px-4 py-2 text-xs text-zinc-500">
              <span aria-live="polite">{total !== undefined ? `${items.length} of ${total} runs` : `${items.length} runs`}</span>
              {runs.hasNextPage ? (
                <Button variant="secondary" size="sm" className="ml-auto" pending={runs.isFetchingNextPage} onClick={() => void runs.fetchNextPage()}>
                  Load more
                </Button>
              ) : null}
            </div>
          </>
        ) : (
          <EmptyState
            icon={Activity}
            title="No runs"
            description={
              filtered
                ? 'No run matches these filters in the last 30 days.'
                : 'Runs show here once the published flow reacts to a comment or message, or after a test.'
            }
          />
        )}
      </Card>
      <Card className="p-4">
        {detail.data ? (
          <ExecutionDetail execution={detail.data} />
        ) : (
          <p className="text-sm text-zinc-500">{chosen ? 'Loading…' : 'Choose a run to see its steps, input and errors.'}</p>
        )}
      </Card>
    </div>
  );
}
