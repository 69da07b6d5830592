export type RateLimitWindow = { name: string; points: number; seconds: number };
export type WindowState = { window: RateLimitWindow; remaining: number; resetSeconds: number; exceeded: boolean };

/** How often records whose every window is over are dropped. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The API's rate-limit windows for one process (RATE_LIMIT_STORE=memory): all windows of a key in
 * one record, counted synchronously. Fixed windows that start with a key's first request, counted
 * past the limit, as rate-limiter-flexible's memory store counts them (decision 066): that store
 * answers through a promise per window, three per API request, which cost bench:api more than
 * anything else in the chain. The shared Postgres store and the login throttle stay on the library.
 */
export class InProcessWindows {
  /** Per key: the count and the end (ms) of each window, in the order of `windows`. */
  private readonly records = new Map<string, { counts: number[]; ends: number[] }>();
  private nextSweepAt = Date.now() + SWEEP_EVERY_MS;

  constructor(private readonly windows: readonly RateLimitWindow[]) {}

  consume(key: string, now = Date.now()): WindowState[] {
    if (now >= this.nextSweepAt) this.sweep(now);
    let record = this.records.get(key);
    if (!record) {
      record = { counts: this.windows.map(() => 0), ends: this.windows.map(() => 0) };
      this.records.set(key, record);
    }
    const states: WindowState[] = [];
    // Indexed loops, no iterators: this runs on every API request.
    for (let index = 0; index < this.windows.length; index++) {
      const window = this.windows[index]!;
      if (record.ends[index]! <= now) {
        record.counts[index] = 0;
        record.ends[index] = now + window.seconds * 1000;
      }
      const count = (record.counts[index] = record.counts[index]! + 1);
      states.push({
        window,
        remaining: Math.max(window.points - count, 0),
        resetSeconds: Math.max(1, Math.ceil((record.ends[index]! - now) / 1000)),
        exceeded: count > window.points,
      });
    }
    return states;
  }

  /** Keys seen once (a scan of many endpoints, many addresses) must not stay forever. */
  private sweep(now: number) {
    this.nextSweepAt = now + SWEEP_EVERY_MS;
    for (const [key, record] of this.records) if (record.ends.every((end) => end <= now)) this.records.delete(key);
  }
}
