import http from 'node:http';
import https from 'node:https';
import { pinnedLookup, type ResolvedTarget } from '../../security/ssrf-guard';

/** A server someone else chose could answer without end; no API answer we read comes near this. */
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

export class ResponseTooLargeError extends Error {}

/**
 * `fetch` for an address the SSRF guard already checked (`resolveTarget`): the connection goes to
 * that address only, so a second DNS answer cannot point it inside (DNS rebinding). Global fetch
 * cannot be given a lookup without undici's Agent, which is not a dependency; Node's own client
 * can. Redirects are not followed (they would lead past the check): a 3xx comes back as it is.
 * The body is encoded as fetch would (a FormData's multipart boundary included) and the answer is
 * read whole, within MAX_RESPONSE_BYTES, into a `Response`, so callers see no difference.
 */
export async function fetchPinned(
  target: ResolvedTarget,
  init: { method: string; headers: Record<string, string>; body?: BodyInit; signal: AbortSignal },
): Promise<Response> {
  const encoded = new Request(target.url, { method: init.method, headers: init.headers, body: init.body });
  const payload = init.body === undefined ? null : Buffer.from(await encoded.arrayBuffer());
  const headers: Record<string, string> = Object.fromEntries(encoded.headers);
  if (payload) headers['content-length'] = String(payload.length);
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target.url,
      { method: init.method, headers, lookup: pinnedLookup(target), agent: false, signal: init.signal },
      (incoming) => {
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) {
            incoming.destroy();
            reject(new ResponseTooLargeError(`the server answered more than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB`));
          } else chunks.push(chunk);
        });
        incoming.on('error', reject);
        incoming.on('end', () => {
          const status = incoming.statusCode ?? 0;
          const answer = new Headers();
          for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2) answer.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
          resolve(new Response(NULL_BODY_STATUSES.has(status) ? null : Buffer.concat(chunks), { status, statusText: incoming.statusMessage, headers: answer }));
        });
      },
    );
    request.on('error', reject);
    request.end(payload ?? undefined);
  });
}
