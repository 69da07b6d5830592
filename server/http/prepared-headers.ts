import type { Context } from 'hono';

/** The headers prepared for this request's response, by name (lower case). */
const BAG = 'preparedHeaders';
/** Responses that were built with the bag already in them (see `responseWithPreparedHeaders`). */
const complete = new WeakSet<Response>();

/**
 * Headers for this request's response, collected in a plain object before the handler runs
 * (`prepareHeaders`): the hottest answers (`serializedJson`) are built with them in one go, as
 * plain-object headers the Node adapter writes without a Fetch `Headers`. The app's first
 * middleware gives any other response the missing ones afterwards (`applyPreparedHeaders`); a
 * handler's own value for one of them wins. Writing each header through `c.header` (a Fetch
 * `Headers` per request, validated name by name), or wrapping `next` once per header set, cost
 * every request measurably (bench:api).
 */
export function prepareHeaders(c: Context, headers: readonly (readonly [string, string])[]): void {
  let bag = c.get(BAG as never) as Record<string, string> | undefined;
  if (!bag) c.set(BAG as never, (bag = {}) as never);
  for (const [name, value] of headers) bag[name.toLowerCase()] = value;
}

/** Adds the prepared headers a finished response lacks (run once, after the whole chain). */
export function applyPreparedHeaders(c: Context): void {
  const bag = c.get(BAG as never) as Record<string, string> | undefined;
  if (!bag || complete.has(c.res)) return;
  const target = c.res.headers;
  for (const name in bag) if (!target.has(name)) target.set(name, bag[name]!);
}

/** A response carrying the prepared headers plus its own, built without a Fetch `Headers`. */
export function responseWithPreparedHeaders(c: Context, body: string, status: number, own: Record<string, string>): Response {
  const bag = c.get(BAG as never) as Record<string, string> | undefined;
  if (!bag) return new Response(body, { status, headers: own });
  // The bag is this request's own: the response takes it over instead of a copy.
  for (const name in own) bag[name] = own[name]!;
  const response = new Response(body, { status, headers: bag });
  complete.add(response);
  return response;
}
