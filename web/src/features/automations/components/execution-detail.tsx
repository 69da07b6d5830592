import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';
import type { Execution } from '../api/executions';

const TONES = {
  COMPLETED: 'success',
  FAILED: 'danger',
  SKIPPED: 'warning',
  CANCELED: 'neutral',
  QUEUED: 'neutral',
  RUNNING: 'accent',
  PENDING: 'neutral',
} as const;

export function RunStatus({ status }: { status: keyof typeof TONES }) {
  return <Badge tone={TONES[status]}>{status.charAt(0) + status.slice(1).toLowerCase()}</Badge>;
}

/** One run: where it stopped, each step's outcome, what started it, and its error. */
export function ExecutionDetail({ execution }: { execution: Execution }) {
  const stop = execution.output?.skippedAtStepId
    ? `Stopped at ${execution.output.skippedAtStepId}`
    : execution.output?.completedAtStepId
      ? `Completed at ${execution.output.completedAtStepId}`
      : null;
  return (
    <div className="space-y-4 text-sm" aria-label="Run details">
      <div className="flex flex-wrap items-center gap-2">
        <RunStatus status={execution.status} />
        <span className="text-zinc-600">
          v{execution.flowVersion.version} · {formatDateTime(execution.createdAt)}
          {execution.input.type === 'MANUAL_TEST' ? ' · test run' : ''}
        </span>
        {stop ? <span className="text-zinc-600">· {stop}</span> : null}
      </div>
      {execution.error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800">
          {execution.error.code ? <span className="font-mono text-xs">{execution.error.code}: </span> : null}
          {execution.error.message}
        </p>
      ) : null}
      <ol className="space-y-2" aria-label="Steps">
        {execution.steps.length === 0 ? <li className="text-zinc-500">No step ran.</li> : null}
        {execution.steps.map((step) => (
          <li key={step.id} className="rounded-lg border border-zinc-200 px-3 py-2">
            <div className="flex items-center gap-2">
              <span className="font-mono text-xs text-zinc-700">{step.stepId}</span>
              <span className="text-xs text-zinc-500">{step.type}</span>
              <span className="ml-auto">
                <RunStatus status={step.status} />
              </span>
            </div>
            {step.error ? <p className="mt-1 text-xs text-red-700">{step.error.message}</p> : null}
            {step.attemptCount > 1 ? <p className="mt-1 text-xs text-zinc-500">{step.attemptCount} attempts</p> : null}
          </li>
        ))}
      </ol>
      <details>
        <summary className="cursor-pointer text-zinc-600">Input</summary>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-zinc-50 p-3 text-xs">{JSON.stringify(execution.input, null, 2)}</pre>
      </details>
    </div>
  );
}
