import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { sha256Hex } from './secrets';

export const SESSION_COOKIE = 'sd_session';

/** The API key from `x-api-key`, or from `Authorization: Bearer` (the form one upload example uses). */
export function apiKeyFrom(c: Context): string | undefined {
  const header = c.req.header('x-api-key');
  if (header) return header.trim();
  const authorization = c.req.header('authorization');
  const match = authorization?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim();
}

export function sessionTokenFrom(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

const keyHashes = new WeakMap<Request, string>();

/** SHA-256 of the request's API key, computed once per request (the rate limiter and auth both need it). */
export function apiKeyHashFrom(c: Context): string | undefined {
  const known = keyHashes.get(c.req.raw);
  if (known) return known;
  const key = apiKeyFrom(c);
  if (!key) return undefined;
  const hash = sha256Hex(key);
  keyHashes.set(c.req.raw, hash);
  return hash;
}
