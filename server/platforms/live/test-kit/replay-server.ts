import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { json, startLocalReceiver, type Received } from './local-receiver';

/**
 * One recorded exchange of a documented API: what the request must carry and what the server
 * answered. Recordings are small JSON files named after the endpoint they record.
 */
export type Recording = {
  endpoint: string;
  documentation: string;
  request: {
    /** Header values the request must have; `*` only asks that the header be there. */
    headers?: Record<string, string>;
    /** Fields of the JSON body that must have exactly these values. */
    json?: Record<string, unknown>;
    /** Fields of a form body (urlencoded) with these values. */
    form?: Record<string, string>;
    /** Parts a multipart body must have. */
    multipart?: string[];
    query?: Record<string, string>;
  };
  response: { status: number; headers?: Record<string, string>; body?: unknown };
};

/**
 * Plays recordings back in the order a test names them, checking each request against the one it
 * replays (method, path with `:id` segments, headers, body fields). A request that does not match,
 * or comes when none is left, is answered 599 and kept in `mismatches`, so the test sees it.
 */
export async function startReplayServer(directory: string) {
  const receiver = await startLocalReceiver();
  const queue: { name: string; recording: Recording }[] = [];
  const mismatches: string[] = [];
  receiver.otherwise(async (received) => {
    const next = queue.shift();
    if (!next) return refuse(`${received.method} ${received.path}: no recorded exchange left`);
    const problem = await mismatch(next.recording, received);
    if (problem) return refuse(`${next.name}: ${problem}`);
    const { status, headers, body } = next.recording.response;
    return body === undefined ? new Response(null, { status, headers }) : json(body, status, headers);
  });
  function refuse(reason: string) {
    mismatches.push(reason);
    return new Response(reason, { status: 599 });
  }
  return {
    url: receiver.url,
    requests: receiver.requests,
    mismatches,
    /** Queues recordings by file name (without `.json`), to be answered in this order. */
    play(...names: string[]) {
      for (const name of names) queue.push({ name, recording: JSON.parse(readFileSync(`${directory}/${name}.json`, 'utf8')) as Recording });
    },
    /** Names queued but never requested. */
    unplayed: () => queue.map((entry) => entry.name),
    reset() {
      queue.length = 0;
      mismatches.length = 0;
      receiver.requests.length = 0;
    },
    close: receiver.close,
  };
}

async function mismatch(recording: Recording, received: Received): Promise<string | null> {
  const [method, path] = recording.endpoint.split(' ') as [string, string];
  const pattern = new RegExp(`^${path.replace(/:[a-z_]+/g, '[^/]+')}$`);
  if (method !== received.method || !pattern.test(received.path)) return `expected ${recording.endpoint}, got ${received.method} ${received.path}`;
  for (const [name, value] of Object.entries(recording.request.headers ?? {})) {
    const actual = received.headers.get(name);
    if (actual === null || (value !== '*' && actual !== value)) return `header ${name} is ${actual ?? 'missing'}`;
  }
  for (const [name, value] of Object.entries(recording.request.query ?? {})) {
    if (received.query.get(name) !== value) return `query ${name} is ${received.query.get(name)}, expected ${value}`;
  }
  if (recording.request.json) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(received.text) as Record<string, unknown>;
    } catch {
      return 'the body is not JSON';
    }
    for (const [name, value] of Object.entries(recording.request.json)) {
      if (!isDeepStrictEqual(body[name], value)) return `body.${name} is ${JSON.stringify(body[name])}, expected ${JSON.stringify(value)}`;
    }
  }
  if (recording.request.form) {
    const form = new URLSearchParams(received.text);
    for (const [name, value] of Object.entries(recording.request.form))
      if (form.get(name) !== value) return `form ${name} is ${form.get(name)}, expected ${value}`;
  }
  if (recording.request.multipart) {
    const form = await received.request
      .clone()
      .formData()
      .catch(() => null);
    if (!form) return 'the body is not multipart/form-data';
    for (const name of recording.request.multipart) if (!form.has(name)) return `multipart part ${name} is missing`;
  }
  return null;
}
