import { serve, type ServerType } from '@hono/node-server';
import autocannon from 'autocannon';
import type { AddressInfo } from 'node:net';

export type LoadResult = { name: string; requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number };

export async function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<{ url: string; server: ServerType }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve({ url: `http://127.0.0.1:${info.port}`, server }));
  });
}

/** A fixed-duration load from a fixed number of connections: the same shape for every target. */
export async function load(
  name: string,
  url: string,
  options: { headers?: Record<string, string>; seconds: number; connections: number },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    headers: options.headers,
    connections: options.connections,
    duration: options.seconds,
  });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
