import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { path: string; headers: IncomingHttpHeaders; body: string; at: number };
export type Responder = (request: Received, res: ServerResponse) => void;

/**
 * A real HTTP receiver on 127.0.0.1 for tests: records every request and answers through a
 * responder the test can swap (default 200). Listens on an ephemeral port; close() in afterAll.
 */
export async function startReceiver() {
  const received: Received[] = [];
  let responder: Responder = (_request, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(request);
      responder(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    on(path: string) {
      return received.filter((request) => request.path === path);
    },
    respond(next: Responder) {
      responder = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls until `check` returns a value (or stops throwing), failing with the last error after `timeoutMs`. */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 60_000, everyMs = 100): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== null && value !== false) return value as NonNullable<T>;
      if (Date.now() > deadline) throw new Error('condition not met in time');
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
