import { useMemo, useState } from 'react';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/cn';
import type { Flow } from '../api/flows';
import { useNodeStats } from '../api/node-stats';
import { countsByNode, type NodeCounts, type Period } from '../lib/run-counts';

export type RunCountsState = {
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
  period: Period;
  setPeriod: (period: Period) => void;
  counts: Map<string, NodeCounts> | null;
};

export function useRunCounts(flow: Flow): RunCountsState {
  const [enabled, setEnabled] = useState(false);
  const [period, setPeriod] = useState<Period>('7d');
  const published = flow.publishedVersion;
  const stats = useNodeStats(flow.id, period, enabled && !!published);
  const counts = useMemo(() => {
    if (!enabled || !stats.data || !published) return null;
    return countsByNode(
      stats.data,
      published.definition.steps.flatMap((step) => (step.id ? [step.id] : [])),
    );
  }, [enabled, stats.data, published]);
  return { enabled, setEnabled, period, setPeriod, counts };
}

export function RunCounts({ state, published, className }: { state: RunCountsState; published: boolean; className?: string }) {
  if (!published) return <span className={cn('text-xs text-zinc-500', className)}>Run counts show once the flow is published</span>;
  return (
    <div className={cn('flex items-center gap-2 text-sm', className)}>
      <label className="flex items-center gap-1.5 whitespace-nowrap text-zinc-700">
        <input type="checkbox" checked={state.enabled} onChange={(event) => state.setEnabled(event.target.checked)} />
        Run counts (live version)
      </label>
      <div className="w-36">
        <NativeSelect
          aria-label="Period"
          className="h-8"
          value={state.period}
          disabled={!state.enabled}
          onChange={(event) => state.setPeriod(event.target.value as Period)}
        >
          <option value="24h">Last 24 h</option>
          <option value="7d">Last 7 days</option>
          <option value="30d">Last 30 days</option>
        </NativeSelect>
      </div>
    </div>
  );
}
