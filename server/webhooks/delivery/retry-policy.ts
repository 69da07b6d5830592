/** The longest a receiver's Retry-After is taken at its word: beyond that the schedule applies. */
const MAX_RETRY_AFTER_SECONDS = 24 * 3600;
/** Jitter spreads retries of many deliveries that failed together (an outage) over time. */
const JITTER = 0.2;

export type AttemptOutcome = { kind: 'delivered' } | { kind: 'gone' } | { kind: 'retry'; at: Date } | { kind: 'exhausted' };

/**
 * What happens after an attempt. `schedule[n]` is the wait in seconds after the (n+1)-th failed
 * attempt of a cycle; once it runs out the delivery has failed. Only 2xx is success; 410 means the
 * receiver asked to stop; 429 and 503 may say when to come back with Retry-After.
 */
export function decideOutcome(params: {
  status: number | null;
  retryAfter?: string | string[];
  cycleAttempts: number;
  schedule: number[];
  now: Date;
  random?: () => number;
}): AttemptOutcome {
  const { status } = params;
  if (status !== null && status >= 200 && status < 300) return { kind: 'delivered' };
  if (status === 410) return { kind: 'gone' };
  const scheduled = params.schedule[params.cycleAttempts - 1];
  if (scheduled === undefined) return { kind: 'exhausted' };
  const hinted = status === 429 || status === 503 ? parseRetryAfter(params.retryAfter, params.now) : null;
  const random = params.random ?? Math.random;
  const seconds = hinted ?? scheduled * (1 + JITTER * (random() * 2 - 1));
  return { kind: 'retry', at: new Date(params.now.getTime() + Math.max(0, seconds) * 1000) };
}

/** Retry-After as delta-seconds or an HTTP date; anything else (or absurdly far) is ignored. */
export function parseRetryAfter(header: string | string[] | undefined, now: Date): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const trimmed = value.trim();
  let seconds: number;
  if (/^\d+$/.test(trimmed)) seconds = Number(trimmed);
  else {
    const date = Date.parse(trimmed);
    if (Number.isNaN(date)) return null;
    seconds = Math.max(0, (date - now.getTime()) / 1000);
  }
  return seconds <= MAX_RETRY_AFTER_SECONDS ? seconds : null;
}
