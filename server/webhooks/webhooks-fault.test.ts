import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, startReceiver } from './test-receiver';
import { freePort } from '../test/free-port';
import { createOrgWithCli } from '../test/processes';

/**
 * The real server (`server/main.ts` under tsx) as a child process, killed with SIGKILL at random
 * moments while 1,000 events are produced and delivered, and restarted on the same data: the
 * embedded database in a temp DATA_DIR, or a fresh database on the server of DATABASE_URL (its
 * own, so no other test process's workers share its job queues and do the work for it).
 */
const EVENTS = 1000;
const MAX_KILLS = 4;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-webhook-fault-'));
const receiver = await startReceiver();
let child: ChildProcess | null = null;

const admin = process.env.DATABASE_URL ? postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} }) : null;
let databaseUrl: string | undefined;
if (admin) {
  const url = new URL(process.env.DATABASE_URL!);
  const name = `${url.pathname.slice(1)}_fault_${process.pid}`;
  await admin.unsafe(`drop database if exists "${name}"`);
  await admin.unsafe(`create database "${name}"`);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}

afterAll(async () => {
  await killChild();
  await receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (admin && databaseUrl) {
    await admin.unsafe(`drop database if exists "${new URL(databaseUrl).pathname.slice(1)}" with (force)`);
    await admin.end();
  }
});

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let stdout = '';
/** Kept for the failure message: why a restart did not come up. */
let stderr = '';

function startChild() {
  stdout = '';
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '4' } : {}),
    ROLE: 'all',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    RATE_LIMIT_BURST: '100000',
    RATE_LIMIT_SHORT: '100000',
    RATE_LIMIT_MINUTE: '100000',
    WORKER_CONCURRENCY: '2',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_TIMEOUT_SECONDS: '2',
    WEBHOOK_RETRY_SCHEDULE: '1,1,1,2,2,2,3,3,3',
  };
  // One process (node with the tsx loader), so SIGKILL really stops the server mid-flight.
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
}

async function killChild() {
  const running = child;
  child = null;
  if (!running || running.exitCode !== null || running.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    running.once('exit', () => resolve());
    running.kill('SIGKILL');
  });
}

/** A first start migrates a new database before it listens: on a busy machine that takes a while. */
async function waitHealthy(timeoutMs = 60_000) {
  try {
    await eventually(async () => (await fetch(`${base}/healthz`)).ok, timeoutMs, 100);
  } catch (error) {
    throw new Error(`the server did not come up: ${String(error)}\n${stderr.slice(-2000)}`);
  }
}

async function api(method: string, url: string, key: string, body?: unknown) {
  const response = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, json: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const names = Array.from({ length: EVENTS }, (_, i) => `fault-${String(i + 1).padStart(4, '0')}`);

async function existingNames(key: string): Promise<Set<string>> {
  const found = new Set<string>();
  for (let offset = 0; ; offset += 500) {
    const page = await api('GET', `/team?search=fault-&limit=500&offset=${offset}`, key);
    for (const team of page.json.items as { name: string }[]) found.add(team.name);
    if (offset + 500 >= page.json.total) return found;
  }
}

describe('webhook delivery under crashes', () => {
  it('delivers all 1,000 events, each webhook-id at least once, while the server is killed and restarted', async () => {
    startChild();
    await waitHealthy(150_000);
    const { apiKey: key } = await createOrgWithCli({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, { name: 'Fault org' });

    // A receiver that is sometimes slow and sometimes fails, so retries and in-flight kills happen.
    receiver.respond((_request, res) => {
      const roll = Math.random();
      if (roll < 0.03) res.writeHead(500).end();
      else if (roll < 0.06) setTimeout(() => res.writeHead(200).end(), 300);
      else res.writeHead(200).end();
    });
    const endpoint = await api('POST', '/webhooks', key, { url: receiver.url('/fault'), events: ['team.created'] });
    expect(endpoint.status).toBe(200);

    let kills = 0;
    let producing = true;
    let restarting: Promise<void> | null = null;
    const killer = (async () => {
      while (kills < MAX_KILLS && (producing || new Set(receiver.on('/fault').map((r) => r.headers['webhook-id'])).size < EVENTS)) {
        await new Promise((resolve) => setTimeout(resolve, 1000 + Math.random() * 2500));
        kills += 1;
        restarting = (async () => {
          await killChild();
          startChild();
          await waitHealthy();
        })();
        await restarting;
        restarting = null;
      }
    })();

    // Producer: requests cut by a kill have an unknown outcome; the listing after a restart tells.
    const pending = [...names];
    const worker = async () => {
      for (let name = pending.shift(); name; name = pending.shift()) {
        try {
          await api('POST', '/team', key, { name });
        } catch {
          while (restarting) await restarting;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    for (;;) {
      try {
        while (restarting) await restarting;
        const have = await existingNames(key);
        const missing = names.filter((name) => !have.has(name));
        if (missing.length === 0) break;
        for (const name of missing) await api('POST', '/team', key, { name });
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    producing = false;

    const distinct = await eventually(
      () => {
        const ids = new Set(receiver.on('/fault').map((r) => r.headers['webhook-id']));
        return ids.size >= EVENTS ? ids : null;
      },
      90_000,
      250,
    );
    await killer;
    const delivered = new Set(receiver.on('/fault').map((r) => JSON.parse(r.body).data.name as string));
    expect(distinct.size).toBe(EVENTS);
    expect([...delivered].sort()).toEqual(names);
    expect(kills).toBeGreaterThan(0);
    // About 30 s on an idle two-core machine; the bounds leave room for a busy one.
  }, 360_000);
});
