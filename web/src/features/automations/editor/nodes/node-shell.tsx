import { Handle, Position } from '@xyflow/react';
import { AlertCircle, CircleCheck, CircleDashed, CircleMinus, CircleX, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { NodeCounts } from '../../lib/run-counts';
import type { NodeResult } from '../../lib/test-results';
import { NODE_HEIGHT, NODE_WIDTH } from '../node-types';

type Props = {
  icon: LucideIcon;
  title: string;
  id?: string;
  selected: boolean;
  problems: string[];
  counts: NodeCounts | null;
  result?: NodeResult | null;
  hasInput?: boolean;
  children?: ReactNode;
  footer?: ReactNode;
};

const RESULT_LOOK = {
  success: { icon: CircleCheck, border: 'border-emerald-500 bg-emerald-50/60', text: 'text-emerald-800' },
  warning: { icon: CircleMinus, border: 'border-amber-500 bg-amber-50/60', text: 'text-amber-800' },
  danger: { icon: CircleX, border: 'border-red-500 bg-red-50/60', text: 'text-red-800' },
  neutral: { icon: CircleDashed, border: 'border-zinc-300', text: 'text-zinc-600' },
} as const;

/**
 * The look every node shares: its problems in red on the node itself, else its last test result
 * (the node lit in the result's colour, with the reason), else run counts when asked.
 */
export function NodeShell({ icon: Icon, title, id, selected, problems, counts, result = null, hasInput = true, children, footer }: Props) {
  const invalid = problems.length > 0;
  const lit = !invalid && result ? RESULT_LOOK[result.tone] : null;
  return (
    <div
      style={{ width: NODE_WIDTH, height: NODE_HEIGHT }}
      className={cn(
        'flex flex-col overflow-hidden rounded-xl border bg-white px-3 py-2 text-left shadow-sm',
        invalid ? 'border-red-400' : lit ? `border-2 ${lit.border}` : 'border-zinc-200',
        selected && 'ring-2 ring-accent-500',
      )}
      data-invalid={invalid || undefined}
      data-result={result?.status}
    >
      {hasInput ? <Handle type="target" position={Position.Top} isConnectable={false} className="!bg-zinc-400" /> : null}
      <div className="flex items-center gap-2">
        <Icon className="size-4 shrink-0 text-accent-600" aria-hidden />
        <span className="truncate text-sm font-semibold text-zinc-900">{title}</span>
        {id ? <span className="ml-auto truncate font-mono text-[10px] text-zinc-400">{id}</span> : null}
      </div>
      <div className="mt-1 line-clamp-2 min-h-0 text-xs text-zinc-600">{children}</div>
      {invalid ? (
        <p role="alert" className="mt-auto flex items-start gap-1 truncate text-xs font-medium text-red-600" title={problems.join('\n')}>
          <AlertCircle className="mt-px size-3 shrink-0" aria-hidden />
          <span className="truncate">{problems[0]}</span>
          {problems.length > 1 ? <span className="shrink-0">+{problems.length - 1}</span> : null}
        </p>
      ) : lit && result ? (
        <p aria-label="Test result" className={cn('mt-auto flex items-start gap-1 text-xs font-medium', lit.text)} title={result.label}>
          <lit.icon className="mt-px size-3 shrink-0" aria-hidden />
          <span className="line-clamp-2">{result.label}</span>
        </p>
      ) : counts ? (
        <p
          className="mt-auto flex gap-2 text-[11px] text-zinc-500"
          aria-label={`Reached ${counts.reached}, completed ${counts.completed}, skipped ${counts.skipped}, failed ${counts.failed}`}
        >
          <span className="font-medium text-zinc-700">{counts.reached} reached</span>
          <span className="text-emerald-700">{counts.completed} done</span>
          <span className="text-amber-700">{counts.skipped} skipped</span>
          <span className="text-red-700">{counts.failed} failed</span>
        </p>
      ) : (
        <div className="mt-auto text-[11px] text-zinc-400">{footer}</div>
      )}
      <Handle type="source" position={Position.Bottom} isConnectable={false} className="!bg-zinc-400" />
    </div>
  );
}
