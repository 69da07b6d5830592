import { PlatformError } from '../../platform-error';
import type { LiveHttpClient, LiveRequest } from '../live-http';
import { dpopProof, DpopNonces } from './bluesky-dpop';
import { readBlueskyOAuthToken, type BlueskyOAuthToken } from './bluesky-oauth-token';

/**
 * Calls of the AT Protocol's XRPC (HTTP) API of one PDS, through the live HTTP client: queries
 * are GETs (retried when transient), procedures POSTs (never retried: intents reconcile them).
 * `token` is the account's stored access token: an app-password session's JWT goes as a Bearer
 * token to the operator's server; an OAuth token (decision 065) goes as `DPoP` with a proof, to
 * the account's own PDS. This is the one place that knows how a Bluesky call authenticates.
 */
export type BlueskyXrpc = {
  query<T>(input: { nsid: string; params: Record<string, string | number | undefined>; token: string | null; account: string; operation: string }): Promise<T>;
  procedure<T>(input: {
    nsid: string;
    body: unknown;
    token: string | null;
    account: string;
    operation: string;
    contentType?: string;
    timeoutMs?: number;
  }): Promise<T>;
};

type Call = Omit<LiveRequest, 'platform' | 'url' | 'headers'> & { path: string; headers: Record<string, string> };

/** `trustedOrigins`: the operator's servers; a PDS elsewhere was named by the account's identity, so the SSRF guard checks it. */
export function blueskyXrpc(http: LiveHttpClient, serviceUrl: string, options: { trustedOrigins?: string[] } = {}): BlueskyXrpc {
  const base = serviceUrl.replace(/\/$/, '');
  const trusted = new Set([serviceUrl, ...(options.trustedOrigins ?? [])].map((url) => new URL(url).origin));
  const nonces = new DpopNonces();

  const send = async <T>(token: string | null, call: Call): Promise<T> => {
    const oauth = token ? readBlueskyOAuthToken(token) : null;
    if (!oauth) {
      const headers = { ...call.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) };
      return http.json<T>({ ...call, platform: 'BLUESKY', url: `${base}${call.path}`, headers });
    }
    const response = await withDpopNonce(oauth, call);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  };

  const withDpopNonce = async (oauth: BlueskyOAuthToken, call: Call): Promise<Response> => {
    const url = `${oauth.aud.replace(/\/$/, '')}${call.path}`;
    const method = call.method ?? 'GET';
    const attempt = (nonce: () => string | undefined) =>
      http.request({
        ...call,
        platform: 'BLUESKY',
        url,
        headers: { ...call.headers, authorization: `DPoP ${oauth.accessToken}` },
        attemptHeaders: async () => ({ dpop: await dpopProof(oauth, { method, url, nonce: nonce() }) }),
        userChosenHost: !trusted.has(new URL(url).origin),
      });
    let response: Response;
    try {
      response = await attempt(() => nonces.get(url));
    } catch (error) {
      // The server wants a fresher nonce: the call was refused before it did anything, so it is
      // sent once more with that nonce, procedures too.
      const nonce = useDpopNonce(error);
      if (!nonce) throw error;
      nonces.remember(url, nonce);
      response = await attempt(() => nonce);
    }
    nonces.remember(url, response.headers.get('dpop-nonce'));
    return response;
  };

  return {
    async query({ nsid, params, token, account, operation }) {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, String(value));
      return withBlueskyErrors(operation, token, () =>
        send(token, { operation, accountKey: account, method: 'GET', path: `/xrpc/${nsid}?${search}`, headers: {} }),
      );
    },
    async procedure({ nsid, body, token, account, operation, contentType, timeoutMs }) {
      return withBlueskyErrors(operation, token, () =>
        send(token, {
          operation,
          accountKey: account,
          method: 'POST',
          path: `/xrpc/${nsid}`,
          headers: contentType ? { 'content-type': contentType } : {},
          body,
          ...(timeoutMs ? { timeoutMs } : {}),
        }),
      );
    },
  };
}

/** The nonce a `use_dpop_nonce` refusal carries (RFC 9449 §9), or null for any other failure. */
function useDpopNonce(error: unknown): string | null {
  if (!(error instanceof PlatformError) || error.httpStatus !== 401) return null;
  const nonce = error.meta.dpopNonce;
  const challenge = String(error.meta.wwwAuthenticate ?? '');
  const body = String(error.meta.body ?? '');
  return typeof nonce === 'string' && (challenge.includes('use_dpop_nonce') || body.includes('use_dpop_nonce')) ? nonce : null;
}

/**
 * XRPC errors carry a name (`{"error":"ExpiredToken"}`) that says more than the status: an expired
 * session is a 400 there, a revoked app password a 401 `AuthenticationRequired`. The rate limit (429
 * with `ratelimit-reset`) is already read by the live HTTP client.
 */
async function withBlueskyErrors<T>(operation: string, token: string | null, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PlatformError) || error.code === 'RATE_LIMITED' || error.code === 'TRANSIENT') throw error;
    const name = errorName(error.meta.body);
    // An OAuth access token lives minutes and the PDS says only that it is no longer valid: the
    // caller refreshes once, and a refused refresh is what says the access was revoked.
    const oauthRefused =
      error.httpStatus === 401 && token !== null && readBlueskyOAuthToken(token) !== null && name !== 'AccountTakedown' && name !== 'AccountDeactivated';
    const refined = oauthRefused ? 'TOKEN_EXPIRED' : refine(name, error.httpStatus);
    if (!refined) throw error;
    throw new PlatformError({
      code: refined,
      message: error.message,
      httpStatus: error.httpStatus,
      meta: { ...error.meta, operation, ...(name ? { xrpcError: name } : {}) },
    });
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
