import type { NodeStats } from '../api/node-stats';

/** Runs that reached a node and how they left it, over the chosen period. */
export type NodeCounts = { reached: number; completed: number; skipped: number; failed: number };

export const PERIODS = { '24h': 24, '7d': 24 * 7, '30d': 24 * 30 } as const;
export type Period = keyof typeof PERIODS;

/**
 * The server's counts keyed the way the canvas names its nodes (`trigger`, then step ids). A step
 * no run reached in the period is absent from the answer and shows zeros.
 */
export function countsByNode(stats: NodeStats, stepIds: string[]): Map<string, NodeCounts> {
  const zero = (): NodeCounts => ({ reached: 0, completed: 0, skipped: 0, failed: 0 });
  const counts = new Map<string, NodeCounts>([['trigger', stats.trigger]]);
  for (const id of stepIds) counts.set(id, zero());
  for (const { stepId, ...step } of stats.steps) counts.set(stepId, step);
  return counts;
}
