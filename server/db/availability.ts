import type { Logger } from '../logger';
import { isDatabaseUnavailable } from './database-errors';

export type AvailabilityOptions = {
  logger: Logger;
  /** One cheap round trip (`select 1`); rejects while the database is away. */
  probe: () => Promise<unknown>;
  /** Backoff of the recovery probe: from `minDelayMs`, doubling up to `maxDelayMs`, with jitter. */
  minDelayMs?: number;
  maxDelayMs?: number;
};

/**
 * What this process knows of its database's reachability. Every component that meets a
 * connection error reports it here instead of logging it: the first report of an outage logs one
 * line, a probe then retries with capped, jittered backoff, and its first success logs the end of
 * the outage with how long it lasted and how many failures it swallowed. `/readyz` reads it.
 */
export class DatabaseAvailability {
  private downSince: number | null = null;
  private failures = 0;
  private probing = false;
  private stopped = false;
  private timer?: NodeJS.Timeout;

  constructor(private readonly options: AvailabilityOptions) {}

  get available(): boolean {
    return this.downSince === null;
  }

  /** Seconds a client should wait before trying again while the database is away. */
  get retryAfterSeconds(): number {
    return 5;
  }

  /**
   * Records `error` if it means the database is away, and answers whether it did: callers treat
   * other errors as their own. `component` names who noticed, for the one log line per outage.
   */
  report(error: unknown, component: string): boolean {
    if (!isDatabaseUnavailable(error)) return false;
    this.failures += 1;
    if (this.downSince === null) {
      this.downSince = Date.now();
      this.options.logger.warn('database unavailable: answering 503 and pausing work until it is back', {
        component,
        error: describeDriverError(error),
      });
    }
    this.probeUntilBack();
    return true;
  }

  /** A success seen elsewhere (a worker's fetch) ends the outage without waiting for the probe. */
  reportSuccess(): void {
    if (this.downSince === null) return;
    const downForMs = Date.now() - this.downSince;
    this.options.logger.info('database available again', { downForMs, failures: this.failures });
    this.downSince = null;
    this.failures = 0;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private probeUntilBack() {
    if (this.probing || this.stopped) return;
    this.probing = true;
    const { minDelayMs = 250, maxDelayMs = 5_000 } = this.options;
    let attempt = 0;
    const next = () => {
      // Full jitter between half and the whole delay: instances do not all knock at once.
      const delay = Math.min(maxDelayMs, minDelayMs * 2 ** attempt) * (0.5 + Math.random() / 2);
      attempt += 1;
      this.timer = setTimeout(() => {
        if (this.stopped || this.downSince === null) {
          this.probing = false;
          return;
        }
        this.options.probe().then(
          () => {
            this.probing = false;
            this.reportSuccess();
          },
          (error: unknown) => {
            if (!isDatabaseUnavailable(error)) this.options.logger.warn('database probe failed', { error: String(error) });
            next();
          },
        );
      }, delay);
      // A probe never keeps the process alive on its own.
      this.timer.unref();
    };
    next();
  }
}

/**
 * The driver's own words for an error: Drizzle wraps it as "Failed query: …" with the real reason
 * (a SQLSTATE, ECONNREFUSED, CONNECTION_CLOSED) in `cause`, which is what an operator needs.
 */
function describeDriverError(error: unknown): string {
  let innermost = error;
  for (let depth = 0; depth < 5 && (innermost as { cause?: unknown })?.cause; depth += 1) innermost = (innermost as { cause: unknown }).cause;
  const { code, message } = (innermost ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : String(innermost);
  return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text;
}
