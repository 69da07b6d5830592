import { describe, expect, it } from 'vitest';
import type { Execution } from '../api/executions';
import { countRuns } from './run-counts';

const run = (status: Execution['status'], createdAt: string, steps: [string, Execution['steps'][number]['status']][]) =>
  ({ status, createdAt, steps: steps.map(([stepId, stepStatus]) => ({ stepId, status: stepStatus })) }) as unknown as Execution;

describe('run counts per node', () => {
  it('counts runs at the trigger and step executions at their steps, within the period', () => {
    const counts = countRuns(
      [
        run('COMPLETED', '2026-11-20T10:00:00Z', [['check', 'COMPLETED'], ['reply', 'COMPLETED']]),
        run('SKIPPED', '2026-11-20T11:00:00Z', [['check', 'SKIPPED']]),
        run('FAILED', '2026-11-20T12:00:00Z', [['check', 'COMPLETED'], ['reply', 'FAILED']]),
        run('CANCELED', '2026-11-20T13:00:00Z', []),
        run('COMPLETED', '2026-10-01T10:00:00Z', [['check', 'COMPLETED']]),
      ],
      new Date('2026-11-19T00:00:00Z'),
    );
    expect(counts.get('trigger')).toEqual({ reached: 3, completed: 1, skipped: 1, failed: 1 });
    expect(counts.get('check')).toEqual({ reached: 3, completed: 2, skipped: 1, failed: 0 });
    expect(counts.get('reply')).toEqual({ reached: 2, completed: 1, skipped: 0, failed: 1 });
  });
});
