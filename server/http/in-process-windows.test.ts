import { describe, expect, it } from 'vitest';
import { InProcessWindows } from './in-process-windows';

const windows = [
  { name: 'burst', points: 2, seconds: 1 },
  { name: 'short', points: 3, seconds: 10 },
];

describe('in-process rate-limit windows', () => {
  it('counts each window from its first request, past the limit, and starts it again when it is over', () => {
    const counter = new InProcessWindows(windows);
    const at = 1_000_000;
    const summary = (now: number, key = 'GET /team|key:1') =>
      counter.consume(key, now).map((s) => `${s.window.name} r=${s.remaining} t=${s.resetSeconds}${s.exceeded ? ' exceeded' : ''}`);
    expect(summary(at)).toEqual(['burst r=1 t=1', 'short r=2 t=10']);
    expect(summary(at + 100)).toEqual(['burst r=0 t=1', 'short r=1 t=10']);
    expect(summary(at + 200)).toEqual(['burst r=0 t=1 exceeded', 'short r=0 t=10']);
    // The burst window is over after a second; the short one still counts (and is now exceeded).
    expect(summary(at + 1000)).toEqual(['burst r=1 t=1', 'short r=0 t=9 exceeded']);
    // Another key has budgets of its own.
    expect(summary(at + 1000, 'GET /team|key:2')).toEqual(['burst r=1 t=1', 'short r=2 t=10']);
    // Long after every window is over (the sweep has run), the key starts afresh.
    expect(summary(at + 120_000)).toEqual(['burst r=1 t=1', 'short r=2 t=10']);
  });
});
