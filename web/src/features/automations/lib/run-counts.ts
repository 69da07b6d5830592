import type { Execution } from '../api/executions';

/** Runs that reached a node and how they left it, over the chosen period. */
export type NodeCounts = { reached: number; completed: number; skipped: number; failed: number };

export const PERIODS = { '24h': 24, '7d': 24 * 7, '30d': 24 * 30 } as const;
export type Period = keyof typeof PERIODS;

const zero = (): NodeCounts => ({ reached: 0, completed: 0, skipped: 0, failed: 0 });

/**
 * Counted from executions of the published version: the trigger counts every run; a step counts
 * the runs that have a step execution for it (a run stopped by a condition never reaches the next).
 */
export function countRuns(executions: Execution[], since: Date): Map<string, NodeCounts> {
  const counts = new Map<string, NodeCounts>([['trigger', zero()]]);
  for (const execution of executions) {
    if (new Date(execution.createdAt) < since || execution.status === 'CANCELED') continue;
    const trigger = counts.get('trigger')!;
    trigger.reached += 1;
    if (execution.status === 'COMPLETED') trigger.completed += 1;
    if (execution.status === 'SKIPPED') trigger.skipped += 1;
    if (execution.status === 'FAILED') trigger.failed += 1;
    for (const step of execution.steps) {
      const node = counts.get(step.stepId) ?? zero();
      node.reached += 1;
      if (step.status === 'COMPLETED') node.completed += 1;
      if (step.status === 'SKIPPED') node.skipped += 1;
      if (step.status === 'FAILED') node.failed += 1;
      counts.set(step.stepId, node);
    }
  }
  return counts;
}
