import { BlockedTargetError, resolveTarget } from '../../security/ssrf-guard';
import { fetchPinned } from './pinned-fetch';

/**
 * A `fetch` for libraries that take one (the atproto OAuth client, decision 065) and then reach
 * hosts found from what a person typed: a handle leads to a DID document, which names a PDS, which
 * names an authorization server. Hosts of the operator's configuration (`trustedOrigins`) are
 * fetched as usual; every other one goes through the SSRF guard and is connected to at the address
 * it checked, without following redirects (decision 063), as the live HTTP client does for
 * `userChosenHost` calls. A refused host rejects with `BlockedTargetError`, nothing sent.
 */
export function guardedFetch(options: { trustedOrigins: string[]; allowPrivate: boolean; timeoutMs: number }): typeof fetch {
  const trusted = new Set(options.trustedOrigins.map((url) => new URL(url).origin));
  return async (input, init) => {
    const request = new Request(input, init);
    const signal = request.signal ? AbortSignal.any([request.signal, AbortSignal.timeout(options.timeoutMs)]) : AbortSignal.timeout(options.timeoutMs);
    if (trusted.has(new URL(request.url).origin)) return fetch(request, { signal });
    const target = await resolveTarget(request.url, { allowPrivate: options.allowPrivate });
    const body = request.body ? await request.arrayBuffer() : undefined;
    return fetchPinned(target, { method: request.method, headers: Object.fromEntries(request.headers), body, signal });
  };
}

export { BlockedTargetError };
