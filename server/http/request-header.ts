import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * A request header by its lower-case name. Served by Node, it is read from the headers Node has
 * already parsed: asking the Fetch request instead makes the Node adapter build a whole `Headers`
 * for the request, which cost every API request measurably (bench:api). In-process requests
 * (tests, `app.request`) have no Node message and read the Fetch headers.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming?.headers) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
