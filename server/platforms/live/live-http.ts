import pLimit, { type LimitFunction } from 'p-limit';
import pRetry from 'p-retry';
import { BlockedTargetError, resolveTarget, type ResolvedTarget } from '../../security/ssrf-guard';
import { PlatformError, type PlatformErrorCode } from '../platform-error';
import type { PostPlatform } from '../platform-types';
import { fetchPinned, ResponseTooLargeError } from './pinned-fetch';

/**
 * The one way live connectors talk to a platform (decision 059). Every call has a timeout; only
 * idempotent calls are retried (a retried POST could publish twice: intents and `findByIntent`
 * reconcile those instead); each account has its own concurrency limit, so one busy account cannot
 * starve the others or trip the platform's per-account limits.
 */
export type LiveRequest = {
  platform: PostPlatform;
  /** What the call is for, as `errorsVerbose` shows it (`publish`, `refresh`...). */
  operation: string;
  /** The account the call acts for: calls of one account share its concurrency limit. */
  accountKey: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** A plain object is sent as JSON; anything else (FormData, bytes, a string) as it is. */
  body?: unknown;
  /** Safe to repeat. Defaults to true for GET, PUT and DELETE, false for POST and PATCH. */
  idempotent?: boolean;
  timeoutMs?: number;
  /**
   * The host was chosen by a person, not the operator (a Mastodon server): every attempt goes
   * through the SSRF guard and connects to the address it checked; redirects are not followed.
   */
  userChosenHost?: boolean;
  /**
   * Headers made again for every attempt, after `headers`: a DPoP proof is single-use (the server
   * refuses a replayed `jti`), so a retried call signs a new one.
   */
  attemptHeaders?: () => Promise<Record<string, string>>;
  /**
   * Reads the platform's own error answer (its body and headers, such as Meta's error codes and
   * usage headers) into the error the call throws; the retry rules then see the refined kind.
   */
  refineError?: (response: Response, bodyText: string, generic: PlatformError) => PlatformError;
};

export type LiveHttpOptions = {
  timeoutMs: number;
  /** Attempts after the first, for idempotent calls that failed transiently. */
  retries: number;
  concurrencyPerAccount: number;
  /** Development only (`WEBHOOK_ALLOW_PRIVATE`): user-chosen hosts may be private or loopback, and plain http. */
  allowPrivateHosts?: boolean;
};

const DEFAULTS: LiveHttpOptions = { timeoutMs: 30_000, retries: 2, concurrencyPerAccount: 4 };

export class LiveHttpClient {
  private readonly limits = new Map<string, LimitFunction>();

  constructor(private readonly options: LiveHttpOptions = DEFAULTS) {}

  /** Sends the request and answers its response if 2xx/3xx; throws a `PlatformError` otherwise. */
  async request(request: LiveRequest): Promise<Response> {
    const method = request.method ?? 'GET';
    const idempotent = request.idempotent ?? (method === 'GET' || method === 'PUT' || method === 'DELETE');
    const attempt = () => this.once(request, method);
    return this.limitFor(request.accountKey)(() =>
      idempotent
        ? pRetry(attempt, {
            retries: this.options.retries,
            minTimeout: 200,
            factor: 3,
            // A 4xx other than a short rate limit will not change on a repeat.
            shouldRetry: ({ error }) => error instanceof PlatformError && error.code === 'TRANSIENT',
          })
        : attempt(),
    );
  }

  /** The JSON body of a successful request. */
  async json<T = unknown>(request: LiveRequest): Promise<T> {
    const response = await this.request(request);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }

  /**
   * The SSRF guard's verdict on a user-chosen URL, before anything is sent: the address to connect
   * to, or an `INVALID_REQUEST` whose message a person may read (it is our wording, not the host's).
   */
  async checkUserChosenHost(request: Pick<LiveRequest, 'platform' | 'operation' | 'url'>): Promise<ResolvedTarget> {
    try {
      return await resolveTarget(request.url, { allowPrivate: this.options.allowPrivateHosts ?? false });
    } catch (error) {
      if (!(error instanceof BlockedTargetError)) throw error;
      throw new PlatformError({
        code: 'INVALID_REQUEST',
        message: `${request.operation}: refused: ${error.message}`,
        // Nothing was sent: no platform answered.
        httpStatus: 0,
        userFacingMessage: `This address cannot be used: ${error.message}.`,
        meta: { platform: request.platform, operation: request.operation, blockedHost: error.message },
      });
    }
  }

  private async once(request: LiveRequest, method: string): Promise<Response> {
    const { headers, body } = encodeBody(request.body, { ...request.headers, ...(await request.attemptHeaders?.()) });
    const target = request.userChosenHost ? await this.checkUserChosenHost(request) : null;
    const signal = AbortSignal.timeout(request.timeoutMs ?? this.options.timeoutMs);
    let response: Response;
    try {
      response = target ? await fetchPinned(target, { method, headers, body, signal }) : await fetch(request.url, { method, headers, body, signal });
    } catch (error) {
      if (error instanceof ResponseTooLargeError) {
        throw new PlatformError({
          code: 'PERMANENT',
          message: `${request.operation}: ${error.message}`,
          httpStatus: 0,
          meta: { platform: request.platform, operation: request.operation },
        });
      }
      // Timeouts, refused connections, resets: the platform may not have seen the call.
      throw new PlatformError({
        code: 'TRANSIENT',
        message: `${request.operation}: ${describeNetworkError(error)}`,
        httpStatus: 0,
        meta: { platform: request.platform, operation: request.operation },
      });
    }
    // A redirect from a user-chosen host would lead past the guard: it is a failure like a 4xx.
    if (response.ok || (!target && response.status >= 300 && response.status < 400)) return response;
    const text = await response.text().catch(() => '');
    const generic = platformErrorFromResponse(request, response, text);
    throw request.refineError ? request.refineError(response, text, generic) : generic;
  }

  private limitFor(accountKey: string): LimitFunction {
    let limit = this.limits.get(accountKey);
    if (!limit) {
      limit = pLimit(this.options.concurrencyPerAccount);
      this.limits.set(accountKey, limit);
    }
    // Idle limiters are dropped so the map does not grow with every account ever seen.
    for (const [key, other] of this.limits) {
      if (key !== accountKey && other.activeCount === 0 && other.pendingCount === 0) this.limits.delete(key);
    }
    return limit;
  }
}

/**
 * The common reading of an HTTP failure; connectors that know their platform's error bodies
 * better catch the `PlatformError` and refine it (`meta.body` carries the text).
 */
export function platformErrorFromResponse(request: Pick<LiveRequest, 'platform' | 'operation'>, response: Response, bodyText: string): PlatformError {
  const status = response.status;
  // RFC 9449: a DPoP-bound call learns the server's nonce from these (`use_dpop_nonce`, then retry).
  const dpop = { wwwAuthenticate: response.headers.get('www-authenticate') ?? undefined, dpopNonce: response.headers.get('dpop-nonce') ?? undefined };
  const meta = {
    platform: request.platform,
    operation: request.operation,
    body: bodyText.slice(0, 2_000),
    ...(dpop.dpopNonce || dpop.wwwAuthenticate ? dpop : {}),
  };
  const message = `${request.operation}: ${status} ${summarize(bodyText) || response.statusText}`;
  if (status === 429) {
    const resetAt = rateLimitReset(response.headers);
    const retryAfterSeconds = resetAt ? Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000)) : undefined;
    return new PlatformError({
      code: 'RATE_LIMITED',
      message,
      httpStatus: status,
      meta: { ...meta, ...(resetAt ? { resetAt: resetAt.toISOString(), retryAfterSeconds } : {}) },
    });
  }
  return new PlatformError({ code: codeForStatus(status), message, httpStatus: status, meta });
}

function codeForStatus(status: number): PlatformErrorCode {
  if (status === 401) return 'TOKEN_EXPIRED';
  if (status === 403) return 'PERMISSION_MISSING';
  if (status === 404 || status === 410) return 'NOT_FOUND';
  if (status === 408 || status >= 500) return 'TRANSIENT';
  return 'INVALID_REQUEST';
}

/**
 * When the platform's limit resets, from whichever header it uses: `Retry-After` (seconds or a
 * date), `RateLimit-Reset`/`X-RateLimit-Reset` (epoch seconds, or an ISO date as Mastodon sends).
 */
export function rateLimitReset(headers: Headers, now = Date.now()): Date | null {
  const retryAfter = headers.get('retry-after');
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return new Date(now + seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return new Date(date);
  }
  const reset = headers.get('ratelimit-reset') ?? headers.get('x-ratelimit-reset');
  if (!reset) return null;
  const value = Number(reset);
  if (Number.isFinite(value)) {
    // Epoch seconds are large; a small number is "seconds from now" (the IETF draft's reading).
    return new Date(value > 1e9 ? value * 1000 : now + value * 1000);
  }
  const date = Date.parse(reset);
  return Number.isFinite(date) ? new Date(date) : null;
}

function encodeBody(body: unknown, headers: Record<string, string>): { headers: Record<string, string>; body: BodyInit | undefined } {
  if (body === undefined) return { headers, body: undefined };
  const isPlainObject = typeof body === 'object' && body !== null && Object.getPrototypeOf(body) === Object.prototype;
  if (isPlainObject || Array.isArray(body)) {
    return { headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
  }
  return { headers, body: body as BodyInit };
}

function describeNetworkError(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'the platform did not answer in time';
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : null;
  return cause ?? (error instanceof Error ? error.message : String(error));
}

function summarize(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}
