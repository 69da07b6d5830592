import type { Context, Next } from 'hono';

/** The headers prepared for this request's response, by name (lower case). */
const BAG = 'preparedHeaders';
/** Responses that were built with the bag already in them (see `responseWithPreparedHeaders`). */
const complete = new WeakSet<Response>();

/**
 * Adds headers to whatever the rest of the chain answers, the cheap way. They are collected in a
 * plain object before the handler runs: the hottest answers (`serializedJson`) are built with
 * them in one go, as plain-object headers the Node adapter writes without a Fetch `Headers`.
 * Any other response gets the missing ones afterwards; a handler's own value for one of them
 * wins. Writing each header through `c.header` (a Fetch `Headers` per request, validated name
 * by name) cost every request measurably (bench:api).
 */
export async function withPreparedHeaders(c: Context, headers: readonly (readonly [string, string])[], next: Next): Promise<void> {
  let bag = c.get(BAG as never) as Record<string, string> | undefined;
  if (!bag) c.set(BAG as never, (bag = {}) as never);
  for (const [name, value] of headers) bag[name.toLowerCase()] = value;
  await next();
  if (headers.length === 0 || complete.has(c.res)) return;
  const target = c.res.headers;
  for (const [name, value] of headers) if (!target.has(name)) target.set(name, value);
}

/** A response carrying the prepared headers plus its own, built without a Fetch `Headers`. */
export function responseWithPreparedHeaders(c: Context, body: string, status: number, own: Record<string, string>): Response {
  const bag = c.get(BAG as never) as Record<string, string> | undefined;
  const response = new Response(body, { status, headers: bag ? { ...bag, ...own } : own });
  if (bag) complete.add(response);
  return response;
}
