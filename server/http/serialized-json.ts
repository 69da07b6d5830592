import type { Context } from 'hono';
import { responseWithPreparedHeaders } from './prepared-headers';

/**
 * Answers with JSON that was serialized earlier (a cached page), skipping the encoding. Typed as
 * `never` so a route handler can return it where its JSON response type is expected: the body
 * was produced from that same type before it was cached.
 */
export function serializedJson(c: Context, body: string): never {
  return responseWithPreparedHeaders(c, body, 200, { 'content-type': 'application/json' }) as never;
}
