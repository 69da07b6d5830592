import type { Context, Next } from 'hono';

/**
 * Adds headers to whatever the rest of the chain answers, the cheap way. Set with `c.header`
 * before the handler runs, they go into the response as it is built; writing them into a finished
 * response's Fetch `Headers` afterwards costs every request measurably (bench:api). A handler's
 * own value for one of them wins. A response built without the context (a raw `Response`) does
 * not carry prepared headers: it gets the missing ones afterwards.
 */
export async function withPreparedHeaders(c: Context, headers: readonly (readonly [string, string])[], next: Next): Promise<void> {
  for (const [name, value] of headers) c.header(name, value);
  await next();
  if (headers.length === 0 || c.res.headers.has(headers[0]![0])) return;
  for (const [name, value] of headers) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
}
