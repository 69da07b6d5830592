import { PlatformError } from '../../platform-error';
import type { LiveHttpClient } from '../live-http';

/**
 * Calls of the AT Protocol's XRPC (HTTP) API of one PDS, through the live HTTP client: queries
 * are GETs (retried when transient), procedures POSTs (never retried: intents reconcile them).
 */
export type BlueskyXrpc = {
  query<T>(input: { nsid: string; params: Record<string, string | number | undefined>; token: string | null; account: string; operation: string }): Promise<T>;
  procedure<T>(input: { nsid: string; body: unknown; token: string | null; account: string; operation: string; contentType?: string; timeoutMs?: number }): Promise<T>;
};

export function blueskyXrpc(http: LiveHttpClient, serviceUrl: string): BlueskyXrpc {
  const base = serviceUrl.replace(/\/$/, '');
  const auth = (token: string | null): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
  return {
    async query({ nsid, params, token, account, operation }) {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, String(value));
      return withBlueskyErrors(operation, () =>
        http.json({ platform: 'BLUESKY', operation, accountKey: account, method: 'GET', url: `${base}/xrpc/${nsid}?${search}`, headers: auth(token) }),
      );
    },
    async procedure({ nsid, body, token, account, operation, contentType, timeoutMs }) {
      return withBlueskyErrors(operation, () =>
        http.json({
          platform: 'BLUESKY',
          operation,
          accountKey: account,
          method: 'POST',
          url: `${base}/xrpc/${nsid}`,
          headers: { ...auth(token), ...(contentType ? { 'content-type': contentType } : {}) },
          body,
          ...(timeoutMs ? { timeoutMs } : {}),
        }),
      );
    },
  };
}

/**
 * XRPC errors carry a name (`{"error":"ExpiredToken"}`) that says more than the status: an expired
 * session is a 400 there, a revoked app password a 401 `AuthenticationRequired`. The rate limit (429
 * with `ratelimit-reset`) is already read by the live HTTP client.
 */
async function withBlueskyErrors<T>(operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PlatformError) || error.code === 'RATE_LIMITED' || error.code === 'TRANSIENT') throw error;
    const name = errorName(error.meta.body);
    const refined = refine(name, error.httpStatus);
    if (!refined) throw error;
    throw new PlatformError({ code: refined, message: error.message, httpStatus: error.httpStatus, meta: { ...error.meta, operation, ...(name ? { xrpcError: name } : {}) } });
  }
}

function refine(name: string | null, status: number): PlatformError['code'] | null {
  switch (name) {
    case 'ExpiredToken':
      return 'TOKEN_EXPIRED';
    // A token the server no longer honours, a revoked app password, a suspended account: reconnect.
    case 'InvalidToken':
    case 'AuthenticationRequired':
    case 'AccountTakedown':
    case 'AccountDeactivated':
    case 'AuthFactorTokenRequired':
      return 'ACCESS_REVOKED';
    case 'RecordNotFound':
    case 'RepoNotFound':
    case 'NotFound':
      return 'NOT_FOUND';
    case 'BlobTooLarge':
    case 'InvalidRecord':
    case 'InvalidSwap':
    case 'InvalidMimeType':
      return 'INVALID_REQUEST';
    default:
      return status === 401 ? 'ACCESS_REVOKED' : null;
  }
}

function errorName(body: unknown): string | null {
  if (typeof body !== 'string' || !body) return null;
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    return typeof parsed.error === 'string' ? parsed.error : null;
  } catch {
    return null;
  }
}
