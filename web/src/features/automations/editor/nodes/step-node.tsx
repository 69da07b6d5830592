import type { NodeProps } from '@xyflow/react';
import type { LucideIcon } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import type { StepType } from '@server/automations/shared/automation-constants';
import type { StepNodeData, StepOf } from '../node-types';
import { NodeShell } from './node-shell';

/** What a step's node shows: its icon and title, what its settings say in a line or two, and a footer. */
export type StepNodeLook<T extends StepType> = {
  icon: LucideIcon;
  title: string;
  footer?: string;
  summary: (step: StepOf<T>) => ReactNode;
};

/** What React Flow hands a step's node that it shows. */
export type StepNodeProps<T extends StepType> = Pick<NodeProps, 'selected'> & { data: StepNodeData<T> };

/**
 * The React Flow component of one step type. Called once per type, at module scope, by
 * node-registry.ts. Memoized: a node re-renders only when its own node object changes (see stable-nodes.ts).
 */
export function stepNode<T extends StepType>({ icon, title, footer, summary }: StepNodeLook<T>) {
  function StepNode({ data, selected }: StepNodeProps<T>) {
    return (
      <NodeShell
        icon={icon}
        title={title}
        id={data.step.id}
        selected={selected}
        problems={data.problems}
        counts={data.counts}
        result={data.result}
        footer={footer}
      >
        {summary(data.step)}
      </NodeShell>
    );
  }
  return memo(StepNode);
}
