import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy does with one XRPC call: pass it, answer it itself, pass it and hold the answer, or pass it slowly. */
export type ProxyRule =
  | { nsid: string; answer: { status: number; headers?: Record<string, string>; body: unknown }; times?: number }
  | { nsid: string; holdAnswer: true; times?: number }
  | { nsid: string; delayMs: number; times?: number };

/**
 * A test's stand-in for the network between us and a real PDS: every call reaches the PDS unless
 * a rule says otherwise. A rule can answer as the PDS would under load (`429` with
 * `ratelimit-reset`) or let the PDS act and hold its answer, which is a worker killed between
 * the platform's write and our commit.
 */
export async function startPdsProxy(pdsUrl: string) {
  const rules: (ProxyRule & { used: number })[] = [];
  const held: ServerResponse[] = [];
  const seen: string[] = [];
  let onHeld: (() => void) | null = null;

  const forward = async (request: IncomingMessage, response: ServerResponse) => {
    const nsid = /^\/xrpc\/([^?]+)/.exec(request.url ?? '')?.[1] ?? '';
    seen.push(nsid);
    const rule = rules.find((candidate) => candidate.nsid === nsid && (candidate.times === undefined || candidate.used < candidate.times));
    if (rule) rule.used += 1;
    if (rule && 'answer' in rule) {
      response.writeHead(rule.answer.status, { 'content-type': 'application/json', ...rule.answer.headers });
      response.end(JSON.stringify(rule.answer.body));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name))) as Record<
      string,
      string
    >;
    const upstream = await fetch(`${pdsUrl}${request.url}`, { method: request.method, headers, body: chunks.length > 0 ? Buffer.concat(chunks) : undefined });
    const body = Buffer.from(await upstream.arrayBuffer());
    if (rule && 'holdAnswer' in rule) {
      held.push(response);
      onHeld?.();
      return;
    }
    // A slow network or a busy PDS: the answer comes, late.
    if (rule && 'delayMs' in rule) await new Promise((resolve) => setTimeout(resolve, rule.delayMs));
    response.writeHead(
      upstream.status,
      Object.fromEntries([...upstream.headers].filter(([name]) => !['content-encoding', 'transfer-encoding', 'content-length'].includes(name))),
    );
    response.end(body);
  };
  // The PDS unreachable (or the test's client gone): the caller gets a 502 it can see, where an
  // unhandled rejection would leave it waiting and fail some later test.
  const server: Server = createServer((request, response) => {
    forward(request, response).catch((error: unknown) => {
      if (response.headersSent) response.destroy();
      else response.writeHead(502, { 'content-type': 'text/plain' }).end(`pds-proxy: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    add(rule: ProxyRule) {
      rules.push({ ...rule, used: 0 });
    },
    /** Resolves once a held call reached the PDS and its answer is being kept back. */
    nextHeld: () => new Promise<void>((resolve) => (onHeld = resolve)),
    async close() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
