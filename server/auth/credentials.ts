import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

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
