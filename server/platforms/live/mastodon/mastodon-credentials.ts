import type { Credentials } from '../../connector';
import { PlatformError } from '../../platform-error';

/**
 * A Mastodon token means something only on the server that issued it, and connector calls get the
 * account's credentials (not its row, whose `mastodonServerId` is a one-way id). So the sealed
 * access token of a Mastodon account carries its server: `{"server":"https://…","token":"…"}`.
 */
export type MastodonToken = { server: string; token: string };

export function mastodonAccessToken(server: string, token: string): string {
  return JSON.stringify({ server, token });
}

export function readMastodonToken(credentials: Credentials, operation: string): MastodonToken {
  try {
    const parsed = JSON.parse(credentials.accessToken) as Partial<MastodonToken>;
    if (typeof parsed.server === 'string' && typeof parsed.token === 'string') return { server: parsed.server, token: parsed.token };
  } catch {
    // Falls through: not a credential this connector issued (a sandbox token, a damaged row).
  }
  throw new PlatformError({
    code: 'ACCESS_REVOKED',
    message: 'This Mastodon connection has no server on record; reconnect it',
    httpStatus: 401,
    meta: { platform: 'MASTODON', operation },
  });
}

/**
 * The origin of a server a person names (`mastodon.social`, `https://fosstodon.org/@me`). Only
 * https: the token travels to it. Plain http is allowed for loopback servers when the operator
 * says so (development, tests).
 */
export function mastodonServerOrigin(input: string, options: { allowInsecureLoopback?: boolean } = {}): string | null {
  const trimmed = input.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback && options.allowInsecureLoopback)) return url.origin;
  return null;
}
