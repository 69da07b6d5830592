import http from 'node:http';
import https from 'node:https';
import { pinnedLookup, type ResolvedTarget } from '../../security/ssrf-guard';

export type SendResult = { status: number; headers: http.IncomingHttpHeaders; body: string } | { error: string };

const MAX_BODY_BYTES = 4096;

/**
 * POSTs to an already-checked target, connecting to the checked address only (the custom lookup
 * answers with it) while TLS still verifies the certificate for the URL's host name. Redirects
 * are not followed (Node's client never does); the whole exchange is bounded by `timeoutMs`.
 */
export function postPinned(target: ResolvedTarget, options: { body: string; headers: Record<string, string>; timeoutMs: number }): Promise<SendResult> {
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinnedLookup(target),
        agent: false,
        headers: {
          ...options.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(options.body)),
          'user-agent': 'SocialDesk-Webhooks/1.0',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < MAX_BODY_BYTES) chunks.push(chunk);
          size += chunk.length;
          // The log keeps only the start of the body; no need to download the rest.
          if (size >= MAX_BODY_BYTES) response.destroy();
        });
        const done = () => finish({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish({ error: `Timed out after ${Math.round(options.timeoutMs / 1000)} s` });
    }, options.timeoutMs);
    request.on('error', (error) => finish({ error: describe(error) }));
    request.end(options.body);
  });
}

function describe(error: NodeJS.ErrnoException): string {
  if (error.code === 'ECONNREFUSED') return 'Connection refused';
  if (error.code === 'ECONNRESET') return 'Connection reset';
  if (error.code === 'ETIMEDOUT') return 'Connection timed out';
  if (error.code?.startsWith('ERR_TLS') || error.code?.includes('CERT')) return `TLS error: ${error.message}`;
  return error.message || String(error);
}
