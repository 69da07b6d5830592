import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { AppEnv } from '../context';
import { lt } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { rateLimits } from '../db/schema/http';
import type { Logger } from '../logger';
import { LoginThrottle, type LoginLimits } from '../auth/login-throttle';
import { RateLimitedError } from './errors';
import { InProcessWindows, type RateLimitWindow, type WindowState } from './in-process-windows';
import { prepareHeaders } from './prepared-headers';

export type { RateLimitWindow };

export type RateLimitOptions = {
  store: 'memory' | 'postgres';
  burst: number;
  short: number;
  minute: number;
  login: LoginLimits;
  db: Database;
  logger: Logger;
};

/** The spec's three windows, all counted per endpoint and per tracker, all applying at once. */
export class RateLimiter {
  readonly windows: RateLimitWindow[];
  /** One of the two: this process's own counters, or the shared store's (through the library). */
  private readonly inProcess: InProcessWindows | null;
  private readonly shared: RateLimiterAbstract[];
  /** The sign-in route's own, stricter limits. */
  readonly login: LoginThrottle;
  /** The same for every response: built once. */
  readonly policyHeader: string;

  constructor(private readonly options: RateLimitOptions) {
    this.windows = [
      { name: 'burst', points: options.burst, seconds: 1 },
      { name: 'short', points: options.short, seconds: 10 },
      { name: 'minute', points: options.minute, seconds: 60 },
    ];
    const create = (base: { keyPrefix: string; points: number; duration: number }): RateLimiterAbstract =>
      options.store === 'postgres'
        ? new RateLimiterDrizzle({ ...base, storeClient: options.db, schema: rateLimits, clearExpiredByTimeout: false })
        : new RateLimiterMemory(base);
    this.inProcess = options.store === 'memory' ? new InProcessWindows(this.windows) : null;
    this.shared =
      options.store === 'memory'
        ? []
        : this.windows.map((window) => create({ keyPrefix: `rl_${window.name}`, points: window.points, duration: window.seconds }));
    this.login = new LoginThrottle(options.login, create);
    this.policyHeader = this.windows.map((w) => `"${w.name}";q=${w.points};w=${w.seconds}`).join(', ');
  }

  /** The windows after counting one request; `null` when the shared store cannot be reached. */
  consume(key: string): WindowState[] | Promise<WindowState[] | null> {
    return this.inProcess ? this.inProcess.consume(key) : this.consumeShared(key);
  }

  private async consumeShared(key: string): Promise<WindowState[] | null> {
    const settled = await Promise.allSettled(this.shared.map((limiter) => limiter.consume(key)));
    const states: WindowState[] = [];
    // Indexed loops, no iterators: this runs on every API request.
    for (let index = 0; index < settled.length; index++) {
      const outcome = settled[index]!;
      const window = this.windows[index]!;
      const result = outcome.status === 'fulfilled' ? outcome.value : outcome.reason;
      if (!(result instanceof RateLimiterRes)) {
        // A broken shared store must not take the API down with it: let the request through.
        this.options.logger.warn('rate limit store unavailable', { error: String(result) });
        return null;
      }
      states.push({
        window,
        remaining: result.remainingPoints,
        resetSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
        exceeded: outcome.status === 'rejected',
      });
    }
    return states;
  }
}

/**
 * Tracker: the verified API key, else the verified user, else the client's address. Credentials
 * that were not verified (a random `x-api-key`, an expired cookie) count against the address, so
 * inventing a new key per request does not buy a fresh budget.
 */
function trackerOf(c: Context<AppEnv>): string {
  const auth = c.get('auth');
  if (auth?.apiKeyId) return `key:${auth.apiKeyId}`;
  if (auth?.userId) return `user:${auth.userId}`;
  return `ip:${clientAddress(c)}`;
}

export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // in-process requests (tests, benchmarks) have no socket
  }
}

/**
 * The endpoint that will answer: the first matched route bound to a method. Middleware (`use`)
 * matches as `ALL` and comes first; the dashboard's `GET *` catch-all comes after every API route,
 * so taking the last match would put every API read in one `GET /*` bucket when it is served.
 */
export function endpointOf(c: Context): string {
  for (const route of matchedRoutes(c)) if (route.method !== 'ALL') return `${route.method} ${route.path}`;
  return `${c.req.method} *`;
}

/**
 * Counts the request against its endpoint and tracker (so it needs the caller identified first)
 * and throws `429` past a limit; the response's `RateLimit` headers are prepared on the way.
 */
export async function countRequest(c: Context<AppEnv>): Promise<void> {
  const limiter = c.get('services').rateLimiter;
  const counted = limiter.consume(`${endpointOf(c)}|${trackerOf(c)}`);
  // In-process counting answers at once: no await (a microtask per request) when it need not.
  const states = Array.isArray(counted) ? counted : await counted;
  if (!states) return;
  let remaining = '';
  for (const s of states) remaining += `${remaining ? ', ' : ''}"${s.window.name}";r=${s.remaining};t=${s.resetSeconds}`;
  if (states.some((s) => s.exceeded)) {
    const exceeded = states.filter((s) => s.exceeded);
    const retryAfter = Math.max(...exceeded.map((s) => s.resetSeconds));
    const first = exceeded[0]!.window;
    const error = new RateLimitedError(
      `Rate limit exceeded: at most ${first.points} requests per ${first.seconds} s on this endpoint; retry in ${retryAfter} s`,
      retryAfter,
    );
    Object.assign(error.headers!, { 'RateLimit-Policy': limiter.policyHeader, RateLimit: remaining });
    throw error;
  }
  prepareHeaders(c, [
    ['RateLimit', remaining],
    ['RateLimit-Policy', limiter.policyHeader],
  ]);
}

/**
 * Rows of the shared store (RATE_LIMIT_STORE=postgres) whose window is over. The library reads
 * an expired row as empty but never removes it, so without this the table grows with every
 * endpoint × tracker ever seen. Run by housekeeping.
 */
export async function deleteExpiredRateLimits(db: Executor): Promise<number> {
  const removed = await db.delete(rateLimits).where(lt(rateLimits.expire, new Date())).returning({ key: rateLimits.key });
  return removed.length;
}
