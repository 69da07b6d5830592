import { Activity } from 'lucide-react';
import { useState } from 'react';
import { EXECUTION_STATUSES, type ExecutionStatus } from '../../../../../server/automations/shared/automation-constants';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { NativeSelect } from '../../../components/ui/native-select';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { formatRelative } from '../../../lib/format';
import { useExecution, useExecutions } from '../api/executions';
import type { Flow } from '../api/flows';
import { ExecutionDetail, RunStatus } from './execution-detail';

/** The flow's runs of the last 30 days, newest first, and the one chosen. */
export function ExecutionsPanel({ flow }: { flow: Flow }) {
  const [status, setStatus] = useState<ExecutionStatus | undefined>();
  const [chosen, setChosen] = useState<string | null>(null);
  const runs = useExecutions(flow.id, { status });
  const detail = useExecution(chosen);
  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_24rem]">
      <Card className="overflow-hidden">
        <div className="flex items-center gap-2 border-b border-zinc-200 px-4 py-2">
          <label htmlFor="run-status" className="text-sm text-zinc-600">
            Status
          </label>
          <div className="w-40">
          <NativeSelect id="run-status" className="h-8" value={status ?? ''} onChange={(event) => setStatus((event.target.value || undefined) as ExecutionStatus | undefined)}>
            <option value="">All</option>
            {EXECUTION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value.charAt(0) + value.slice(1).toLowerCase()}
              </option>
            ))}
          </NativeSelect>
          </div>
          {runs.data?.total !== undefined ? <span className="ml-auto text-xs text-zinc-500">{runs.data.total} runs</span> : null}
        </div>
        {runs.isPending ? (
          <Skeleton className="m-4 h-24" />
        ) : runs.data?.items.length ? (
          <ul aria-label="Runs" className="divide-y divide-zinc-100">
            {runs.data.items.map((run) => (
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
                    v{run.flowVersion.version} · {formatRelative(run.createdAt)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState icon={Activity} title="No runs" description={status ? 'No run has this status in the last 30 days.' : 'Runs show here once the published flow reacts to a comment or message, or after a test.'} />
        )}
      </Card>
      <Card className="p-4">
        {detail.data ? <ExecutionDetail execution={detail.data} /> : <p className="text-sm text-zinc-500">{chosen ? 'Loading…' : 'Choose a run to see its steps, input and errors.'}</p>}
      </Card>
    </div>
  );
}
