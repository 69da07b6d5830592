import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

import type { AppEnv } from '../context';
import { requestHeader } from '../http/request-header';

export const SESSION_COOKIE = 'sd_session';

/**
 * Over https the cookie is `__Host-sd_session`: Secure, path `/`, no Domain, so neither a sibling
 * subdomain nor a plain-http page can plant or overwrite it. Browsers refuse `__Host-` without
 * Secure, and a plain-http address (the laptop default, http://127.0.0.1:3000) cannot set Secure
 * cookies everywhere, so there the unprefixed name is used (docs/decisions/017).
 */
export function sessionCookieSecure(c: Context<AppEnv>): boolean {
  return c.var.services.config.publicUrl.startsWith('https://');
}

/** The API key from `x-api-key`, or from `Authorization: Bearer` (the form one upload example uses). */
export function apiKeyFrom(c: Context): string | undefined {
  const header = requestHeader(c, 'x-api-key');
  if (header) return header.trim();
  const authorization = requestHeader(c, 'authorization');
  const match = authorization?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim();
}

export function sessionTokenFrom(c: Context<AppEnv>): string | undefined {
  // Over https only the prefixed cookie counts: an unprefixed one may have been planted.
  return sessionCookieSecure(c) ? getCookie(c, SESSION_COOKIE, 'host') : getCookie(c, SESSION_COOKIE);
}
