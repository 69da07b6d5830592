import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the receiver saw it: the web `Request` lets a test read JSON, forms and multipart as a platform would. */
export type Received = { method: string; path: string; query: URLSearchParams; headers: Headers; bytes: Buffer; text: string; request: Request };

/**
 * Answers a request, or declines with null so the next matching route (then the fallback) answers:
 * stand-ins of several slices share paths such as Meta's `/{object-id}`, each knowing its own objects.
 */
export type Route = (received: Received) => Response | null | Promise<Response | null>;

/**
 * A platform stand-in on 127.0.0.1 for connector tests: it keeps every request, answers with the
 * route the test gives for `METHOD /path` (`:name` matches one segment), and answers 404 with the
 * request's line for anything else, so an unexpected call fails the test visibly.
 */
export async function startLocalReceiver(options: { port?: number } = {}) {
  // `remaining`: how many more requests a `once` route answers before the earlier routes take over again.
  const routes: { method: string; pattern: RegExp; route: Route; remaining: number }[] = [];
  const requests: Received[] = [];
  let fallback: Route | null = null;
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const received = await receive(incoming, base);
      requests.push(received);
      let response: Response | null = null;
      for (const entry of routes.filter(
        (candidate) => candidate.remaining > 0 && candidate.method === received.method && candidate.pattern.test(received.path),
      )) {
        response = await entry.route(received);
        if (response) {
          entry.remaining -= 1;
          break;
        }
      }
      response ??= (await fallback?.(received)) ?? new Response(`no route for ${received.method} ${received.path}`, { status: 404 });
      const headers: Record<string, string> = {};
      response.headers.forEach((value, key) => (headers[key] = value));
      outgoing.writeHead(response.status, headers).end(Buffer.from(await response.arrayBuffer()));
    })().catch((error: unknown) => outgoing.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    /** Adds a route; later routes for the same path win, so a test can override a default. */
    on(line: string, route: Route) {
      routes.unshift({ ...parseLine(line), route, remaining: Infinity });
    },
    /** A route for the next matching request only (a fault the platform answers once), then the earlier ones again. */
    once(line: string, route: Route) {
      routes.unshift({ ...parseLine(line), route, remaining: 1 });
    },
    /** Answers every request no route takes (a replay of recorded exchanges). */
    otherwise(route: Route | null) {
      fallback = route;
    },
    reset() {
      fallback = null;
      routes.length = 0;
      requests.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `METHOD /path` with `:name` segments, as a method and a pattern of the whole path. */
function parseLine(line: string): { method: string; pattern: RegExp } {
  const [method, path] = line.split(' ') as [string, string];
  return { method, pattern: new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[a-z_]+/gi, '[^/]+')}$`) };
}

export type LocalReceiver = Awaited<ReturnType<typeof startLocalReceiver>>;

async function receive(incoming: IncomingMessage, base: string): Promise<Received> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const url = new URL(incoming.url ?? '/', base);
  const headers = new Headers();
  for (const [key, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers.set(key, value);
  const method = incoming.method ?? 'GET';
  const request = new Request(url, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : body });
  return { method, path: url.pathname, query: url.searchParams, headers, bytes: body, text: body.toString('utf8'), request };
}

/** A JSON answer with optional headers. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}
