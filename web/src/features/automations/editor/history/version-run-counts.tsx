import { useMemo } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import type { FlowVersionEntry } from '../../api/flow-versions';
import { useNodeStats } from '../../api/node-stats';
import { TRIGGER_LABELS } from '../../lib/flow-summary';
import { countsByNode } from '../../lib/run-counts';
import { STEP_DEFINITIONS } from '../node-registry';

/** Runs are kept 30 days: the longest period is every run the server still knows of. */
const PERIOD = '30d';

/** Per-node counts of one published version, node by node in the version's own order. */
export function VersionRunCounts({ flowId, version }: { flowId: string; version: FlowVersionEntry }) {
  const stats = useNodeStats(flowId, PERIOD, true, version.id);
  const { trigger, steps } = version.definition;
  const counts = useMemo(
    () =>
      stats.data
        ? countsByNode(
            stats.data,
            steps.flatMap((step) => (step.id ? [step.id] : [])),
          )
        : null,
    [stats.data, steps],
  );
  if (stats.isError)
    return (
      <p role="alert" className="px-3 pb-3 text-xs text-red-700">
        {errorMessage(stats.error)}
      </p>
    );
  if (!counts) return <Skeleton className="mx-3 mb-3 h-16" />;
  const rows = [
    { key: 'trigger', label: TRIGGER_LABELS[trigger.type], id: 'trigger' },
    ...steps.flatMap((step) => (step.id ? [{ key: step.id, label: STEP_DEFINITIONS[step.type].label, id: step.id }] : [])),
  ];
  return (
    <table aria-label={`Run counts of v${version.version}`} className="w-full border-t border-zinc-100 text-xs">
      <caption className="px-3 pt-2 text-left text-zinc-500">Runs of the last 30 days, test runs excluded</caption>
      <thead>
        <tr className="text-zinc-500">
          <th scope="col" className="px-3 py-1.5 text-left font-medium">
            Node
          </th>
          <th scope="col" className="px-1.5 py-1.5 text-right font-medium">
            Reached
          </th>
          <th scope="col" className="px-1.5 py-1.5 text-right font-medium">
            Done
          </th>
          <th scope="col" className="px-1.5 py-1.5 text-right font-medium">
            Skipped
          </th>
          <th scope="col" className="px-3 py-1.5 text-right font-medium">
            Failed
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const count = counts.get(row.key)!;
          return (
            <tr key={row.key} className="border-t border-zinc-100">
              <th scope="row" className="px-3 py-1.5 text-left font-normal text-zinc-800">
                {row.label} <span className="font-mono text-[10px] text-zinc-400">{row.id}</span>
              </th>
              <td className="px-1.5 text-right tabular-nums">{count.reached}</td>
              <td className="px-1.5 text-right text-emerald-700 tabular-nums">{count.completed}</td>
              <td className="px-1.5 text-right text-amber-700 tabular-nums">{count.skipped}</td>
              <td className="px-3 text-right text-red-700 tabular-nums">{count.failed}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
