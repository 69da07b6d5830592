/** Nearest-rank percentile of milliseconds, rounded for printing. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[index]! * 10) / 10;
}

export function summary(values: number[]) {
  return { n: values.length, p50: percentile(values, 50), p95: percentile(values, 95), max: percentile(values, 100) };
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves when `done()` holds, checking every few ms; rejects after `timeoutMs`. */
export async function until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(5);
  }
}
