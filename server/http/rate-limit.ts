import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { AppEnv } from '../context';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema/http';
import type { Logger } from '../logger';
import { apiKeyHashFrom, sessionTokenFrom } from '../auth/credentials';
import { sha256Hex } from '../auth/secrets';
import { RateLimitedError } from './errors';

export type RateLimitWindow = { name: string; points: number; seconds: number };

export type RateLimitOptions = {
  store: 'memory' | 'postgres';
  burst: number;
  short: number;
  minute: number;
  db: Database;
  logger: Logger;
};

type WindowState = { window: RateLimitWindow; remaining: number; resetSeconds: number; exceeded: boolean };

/** The spec's three windows, all counted per endpoint and per tracker, all applying at once. */
export class RateLimiter {
  readonly windows: RateLimitWindow[];
  private readonly limiters: RateLimiterAbstract[];

  constructor(private readonly options: RateLimitOptions) {
    this.windows = [
      { name: 'burst', points: options.burst, seconds: 1 },
      { name: 'short', points: options.short, seconds: 10 },
      { name: 'minute', points: options.minute, seconds: 60 },
    ];
    this.limiters = this.windows.map((window) => {
      const base = { keyPrefix: `rl_${window.name}`, points: window.points, duration: window.seconds };
      return options.store === 'postgres'
        ? new RateLimiterDrizzle({ ...base, storeClient: options.db, schema: rateLimits, clearExpiredByTimeout: false })
        : new RateLimiterMemory(base);
    });
  }

  get policyHeader(): string {
    return this.windows.map((w) => `"${w.name}";q=${w.points};w=${w.seconds}`).join(', ');
  }

  async consume(key: string): Promise<WindowState[] | null> {
    const settled = await Promise.allSettled(this.limiters.map((limiter) => limiter.consume(key)));
    const states: WindowState[] = [];
    for (const [index, outcome] of settled.entries()) {
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

/** Tracker: the API key, else the session (or bearer token), else the client's address. */
function trackerOf(c: Context): string {
  const keyHash = apiKeyHashFrom(c);
  if (keyHash) return `key:${keyHash.slice(0, 32)}`;
  const session = sessionTokenFrom(c);
  if (session) return `session:${sha256Hex(session).slice(0, 32)}`;
  try {
    return `ip:${getConnInfo(c).remote.address ?? 'unknown'}`;
  } catch {
    return 'ip:unknown'; // in-process requests (tests, benchmarks) have no socket
  }
}

export const rateLimit = createMiddleware<AppEnv>(async (c, next) => {
  const limiter = c.var.services.rateLimiter;
  // The matched route's pattern, so `/team/a` and `/team/b` share the `/team/:id` endpoint's budget.
  const endpoint = `${c.req.method} ${routePath(c, -1)}`;
  const states = await limiter.consume(`${endpoint}|${trackerOf(c)}`);
  if (!states) return next();
  const headers = {
    'RateLimit-Policy': limiter.policyHeader,
    RateLimit: states.map((s) => `"${s.window.name}";r=${s.remaining};t=${s.resetSeconds}`).join(', '),
  };
  const exceeded = states.filter((s) => s.exceeded);
  if (exceeded.length > 0) {
    const retryAfter = Math.max(...exceeded.map((s) => s.resetSeconds));
    const first = exceeded[0]!.window;
    const error = new RateLimitedError(
      `Rate limit exceeded: at most ${first.points} requests per ${first.seconds} s on this endpoint; retry in ${retryAfter} s`,
      retryAfter,
    );
    Object.assign(error.headers!, headers);
    throw error;
  }
  await next();
  for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
});
