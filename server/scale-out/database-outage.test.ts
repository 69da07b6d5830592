import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { postgresBinDir, startPrivatePostgres, type PrivatePostgres } from '../test/private-postgres';
import { createOrgWithCli, probeUntil, processApi, startServerProcess, type ServerProcess } from '../test/processes';
import { readServerSentEvents } from '../test/sse-reader';

/**
 * An operator's Postgres restarts under load (a failover, a minor upgrade, a maintenance window):
 * the service keeps running, answers 503 while the database is away, says so on /readyz, and once
 * it is back publishes every due post exactly once and delivers every webhook event.
 */
const binDir = postgresBinDir();
// The test brings its own Postgres: the suite's second pass (DATABASE_URL set) would only repeat it.
const runs = !!binDir && !process.env.DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-outage-'));
let postgres: PrivatePostgres | undefined;
let server: ServerProcess | undefined;
let receiver: Server | undefined;

afterAll(async () => {
  await server?.stop('SIGKILL');
  postgres?.destroy();
  receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A webhook endpoint in this process: every event id it was sent, deduplicated as the docs ask. */
async function startReceiver() {
  const received = new Map<string, { type: string; data: { id?: string } }>();
  receiver = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const envelope = JSON.parse(body) as { id: string; type: string; data: { id?: string } };
      received.set(envelope.id, envelope);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, received };
}

/**
 * A live-events client as a browser's EventSource behaves: it reads the stream, and when the
 * server closes it (or refuses it during the outage) comes back with the last id it saw.
 */
function followLiveEvents(url: string, key: string) {
  const state = { published: new Set<string>(), reconnectMessages: 0, connections: 0 };
  let following = true;
  let lastId: string | undefined;
  let current: ReturnType<typeof readServerSentEvents> | undefined;
  const loop = (async () => {
    while (following) {
      const headers: Record<string, string> = { 'x-api-key': key, ...(lastId ? { 'last-event-id': lastId } : {}) };
      const response = await fetch(url, { headers }).catch(() => null);
      if (!response || response.status !== 200) {
        await response?.body?.cancel();
        await sleep(1_000);
        continue;
      }
      state.connections += 1;
      current = readServerSentEvents(response);
      for (;;) {
        const message = await current.next(Infinity).catch(() => null);
        if (!message) break;
        if (message.event === 'reconnect') state.reconnectMessages += 1;
        if (message.id) lastId = message.id;
        if (message.event === 'post.published') state.published.add(JSON.parse(message.data!).data.id);
      }
    }
  })();
  return Object.assign(state, {
    async stop() {
      following = false;
      await current?.close();
      await loop;
    },
  });
}

describe.skipIf(!runs)('a database outage under load', () => {
  it('keeps the process up, answers 503 during, and loses or duplicates nothing after', { timeout: 300_000 }, async () => {
    postgres = await startPrivatePostgres(binDir!);
    server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: postgres.url(),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // Deliveries and publishing attempts that failed during an outage come back within seconds.
      WEBHOOK_RETRY_SCHEDULE: '1,1,2,2,3,3,5,5,5',
      PUBLISH_RETRY_BASE_SECONDS: '1',
      PUBLISH_CLAIM_SECONDS: '5',
    });
    // What the server said is the first thing to read when this fails.
    onTestFailed(() => console.error(`server output:\n${server?.output().slice(-6_000)}`));
    const exits: (number | null)[] = [];
    server.child.once('exit', (code) => exits.push(code));
    const { apiKey: key } = await createOrgWithCli({ DATA_DIR: dataDir, DATABASE_URL: postgres.url() }, { name: 'Outage org' });
    const api = processApi(server.url, key);
    const teamId = (await api('POST', '/team', { name: 'Outage team' })).json.id as string;
    // Threads takes 200 posts per account and day on this plan: room for a minute of writing.
    const account = (await api('POST', '/sandbox/accounts', { teamId, type: 'THREADS', username: 'outage' })).json;
    expect(account.id).toEqual(expect.any(String));
    const hooks = await startReceiver();
    expect((await api('POST', '/webhooks', { url: hooks.url, events: ['post.published'] })).status).toBe(200);
    const live = followLiveEvents(`${server.url}/api/v1/events/stream?teamId=${teamId}`, key);

    // Four clients create posts falling due over the next seconds, for as long as the outages last.
    const answers: { status: number; retryAfter: string | null; body: unknown }[] = [];
    let writing = true;
    let counter = 0;
    const writer = async () => {
      while (writing) {
        counter += 1;
        const response = await fetch(`${server!.url}/api/v1/post`, {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: JSON.stringify({
            teamId,
            title: `Outage ${counter}`,
            postDate: new Date(Date.now() + (counter % 8) * 1000).toISOString(),
            socialAccountTypes: ['THREADS'],
            data: { THREADS: { text: `Survives outages ${counter}` } },
          }),
          signal: AbortSignal.timeout(15_000),
        }).catch((error: Error) => ({ status: 0, headers: new Headers(), json: async () => String(error) }));
        answers.push({ status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json().catch(() => null) });
        await sleep(250);
      }
    };
    const writers = Promise.all([writer(), writer(), writer(), writer()]);

    const during: { readyz: number; api: number; retryAfter: string | null; body: unknown }[] = [];
    const outages: ['fast' | 'immediate', number][] = [
      ['fast', 3_000],
      ['immediate', 4_000],
      ['fast', 6_000],
      ['immediate', 3_000],
      ['fast', 10_000],
    ];
    for (const [mode, length] of outages) {
      await sleep(2_000);
      postgres.stop(mode);
      await sleep(Math.min(1_500, length));
      const readyz = await fetch(`${server.url}/readyz`);
      const teams = await fetch(`${server.url}/api/v1/team/${teamId}`, { headers: { 'x-api-key': key }, signal: AbortSignal.timeout(10_000) });
      during.push({ readyz: readyz.status, api: teams.status, retryAfter: teams.headers.get('retry-after'), body: await teams.json() });
      await sleep(length - Math.min(1_500, length));
      postgres.start();
      // Ready again within seconds of the database coming back.
      const ready = await probeUntil(
        () => fetch(`${server!.url}/readyz`).then((r) => r.status),
        (status) => status === 200,
        30,
      );
      expect(ready).toBe(200);
    }
    writing = false;
    await writers;

    expect(exits).toEqual([]);
    for (const sample of during) {
      expect(sample.readyz).toBe(503);
      expect(sample.api).toBe(503);
      expect(Number(sample.retryAfter)).toBeGreaterThan(0);
      expect(sample.body).toMatchObject({ statusCode: 503, message: expect.any(String) });
    }
    // Every answer was a success or an honest "try again": never a 500, never a hang.
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual([]);
    for (const answer of answers.filter((a) => a.status === 503)) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(20);

    // Every post that exists (including any whose answer was lost with the connection) goes out, and
    // exactly once: as many items on the platform as posts, each post holding one.
    const allPosts = async () => {
      const ids: { id: string; status: string }[] = [];
      for (let offset = 0; ; offset += 100) {
        const page = await api('GET', `/post?teamId=${teamId}&limit=100&offset=${offset}`);
        if (page.status !== 200) throw new Error(`GET /post answered ${page.status}: ${JSON.stringify(page.json)}`);
        ids.push(...page.json.items.map((post: { id: string; status: string }) => ({ id: post.id, status: post.status })));
        if (page.json.items.length < 100) return ids;
      }
    };
    const settled = await probeUntil(allPosts, (posts) => posts.every((post) => post.status === 'POSTED'), 120);
    expect(settled.filter((post) => post.status !== 'POSTED')).toEqual([]);
    const items = await api('GET', `/sandbox/items?socialAccountId=${account.id}&kind=POST&limit=1`);
    expect(items.json.total).toBe(settled.length);

    // Every post.published event reached the endpoint (deduplicated by its id, as receivers do).
    const publishedIds = () => new Set([...hooks.received.values()].filter((e) => e.type === 'post.published').map((e) => e.data.id));
    await probeUntil(
      async () => publishedIds().size,
      (size) => size >= settled.length,
      60,
    );
    expect([...publishedIds()].sort()).toEqual(settled.map((post) => post.id).sort());

    // The live stream was asked to reconnect, came back with Last-Event-ID, and, live or replayed,
    // carried every post.published.
    await probeUntil(
      async () => live.published.size,
      (size) => size >= settled.length,
      30,
    );
    await live.stop();
    expect([...live.published].sort()).toEqual(settled.map((post) => post.id).sort());
    expect(live.reconnectMessages).toBeGreaterThan(0);
    expect(live.connections).toBeGreaterThan(1);
    expect(await server.stop('SIGTERM')).toBe(0);
  });
});
