import { describe, expect, it } from 'vitest';
import { decideOutcome, parseRetryAfter } from './retry-policy';

const now = new Date('2026-11-22T10:00:00.000Z');
const schedule = [5, 60, 300];
const decide = (status: number | null, cycleAttempts: number, retryAfter?: string, random = () => 0.5) =>
  decideOutcome({ status, cycleAttempts, retryAfter, schedule, now, random });
const waitOf = (outcome: ReturnType<typeof decide>) => (outcome.kind === 'retry' ? (outcome.at.getTime() - now.getTime()) / 1000 : null);

describe('retry policy', () => {
  it('counts only 2xx as delivered and 410 as gone', () => {
    expect(decide(200, 1).kind).toBe('delivered');
    expect(decide(299, 1).kind).toBe('delivered');
    expect(decide(410, 1).kind).toBe('gone');
    for (const status of [301, 302, 400, 404, 500, null]) expect(decide(status, 1).kind).toBe('retry');
  });

  it('follows the schedule with ±20 % jitter, then gives up', () => {
    expect(waitOf(decide(500, 1))).toBe(5);
    expect(waitOf(decide(500, 2))).toBe(60);
    expect(waitOf(decide(500, 2, undefined, () => 0))).toBeCloseTo(48);
    expect(waitOf(decide(500, 2, undefined, () => 1))).toBeCloseTo(72);
    expect(waitOf(decide(null, 3))).toBe(300);
    expect(decide(500, 4).kind).toBe('exhausted');
  });

  it('takes Retry-After from 429 and 503 only, as seconds or an HTTP date, up to a day', () => {
    expect(waitOf(decide(429, 1, '2'))).toBe(2);
    expect(waitOf(decide(503, 2, 'Sun, 22 Nov 2026 10:10:00 GMT'))).toBe(600);
    expect(waitOf(decide(500, 1, '2'))).toBe(5);
    expect(waitOf(decide(429, 1, 'soon'))).toBe(5);
    expect(parseRetryAfter(String(2 * 24 * 3600), now)).toBeNull();
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });
});
