import { describe, expect, it } from 'vitest';
import { countsByNode } from './run-counts';

describe('run counts per node', () => {
  it('keys the server’s counts by node and shows zeros on steps no run reached', () => {
    const counts = countsByNode(
      {
        flowVersionId: 'v2',
        from: '2026-11-16T00:00:00Z',
        to: '2026-11-23T00:00:00Z',
        trigger: { reached: 3, completed: 1, skipped: 1, failed: 1 },
        steps: [{ stepId: 'check', reached: 3, completed: 2, skipped: 1, failed: 0 }],
      },
      ['check', 'reply'],
    );
    expect(counts.get('trigger')).toEqual({ reached: 3, completed: 1, skipped: 1, failed: 1 });
    expect(counts.get('check')).toEqual({ reached: 3, completed: 2, skipped: 1, failed: 0 });
    expect(counts.get('reply')).toEqual({ reached: 0, completed: 0, skipped: 0, failed: 0 });
  });
});
