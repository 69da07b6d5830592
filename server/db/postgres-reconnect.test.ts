import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { sqlExecutorFor } from './raw-sql';
import { postgresBinDir, startPrivatePostgres, type PrivatePostgres } from '../test/private-postgres';

/**
 * A backend terminated while a fresh connection is still starting up (postgres.js reads the
 * server's array types before the first query) is what a database restart does to a pool
 * reconnecting at that moment. The first query after the reconnect must run on the new backend,
 * not fail with the old one's error (porsager/postgres#1223, patched in patches/).
 */
const binDir = postgresBinDir();
const runs = !!process.env.DATABASE_URL || !!binDir;
let privatePostgres: PrivatePostgres | undefined;
const proxies: Server[] = [];
const sockets = new Set<Socket>();

afterAll(() => {
  for (const socket of sockets) socket.destroy();
  for (const proxy of proxies) proxy.close();
  privatePostgres?.destroy();
});

async function targetDatabase(): Promise<URL> {
  if (process.env.DATABASE_URL) return new URL(process.env.DATABASE_URL);
  privatePostgres ??= await startPrivatePostgres(binDir!);
  return new URL(privatePostgres.url());
}

/** The ErrorResponse a backend sends when `pg_terminate_backend` or a fast shutdown ends it. */
function adminShutdownMessage(): Buffer {
  const fields = Buffer.concat([
    ...['SFATAL', 'VFATAL', 'C57P01', 'Mterminating connection due to administrator command'].map((field) => Buffer.from(`${field}\0`)),
    Buffer.from([0]),
  ]);
  const header = Buffer.alloc(5);
  header.write('E', 0);
  header.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([header, fields]);
}

/**
 * A TCP proxy to a real Postgres that, on its first connection only, answers the first message
 * containing `trigger` as a terminated backend would and closes; every later connection passes through.
 */
async function startTerminatingProxy(target: URL, trigger: string): Promise<{ url: string; terminated: () => number }> {
  let connections = 0;
  let terminated = 0;
  const proxy = createServer((client) => {
    connections += 1;
    const killThisOne = connections === 1;
    const server = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(server);
    client.on('error', () => server.destroy());
    server.on('error', () => client.destroy());
    client.on('close', () => server.destroy());
    server.on('close', () => client.destroy());
    server.pipe(client);
    client.on('data', (chunk: Buffer) => {
      if (killThisOne && !terminated && chunk.includes(trigger)) {
        terminated += 1;
        client.end(adminShutdownMessage());
        server.destroy();
        return;
      }
      server.write(chunk);
    });
  });
  proxies.push(proxy);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((proxy.address() as AddressInfo).port);
  return { url: url.toString(), terminated: () => terminated };
}

/** Runs `work` with every unhandled rejection of the meantime collected. */
async function collectingUnhandled(work: (unhandled: unknown[]) => Promise<void>) {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    await work(unhandled);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
}

describe.skipIf(!runs)('a connection its backend terminated', () => {
  it('runs the first query after a reconnect during start-up on the new backend, not failing it with the old error', { timeout: 60_000 }, async () => {
    const { url, terminated } = await startTerminatingProxy(await targetDatabase(), 'pg_catalog.pg_type');
    const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 1 });
    await collectingUnhandled(async (unhandled) => {
      try {
        const { rows } = await sqlExecutorFor(database.db).executeSql('select 42 as answer');
        expect(terminated()).toBe(1);
        expect(rows).toEqual([{ answer: 42 }]);
        // Nothing of the old backend's error escapes as an unhandled rejection either.
        await new Promise((resolve) => setImmediate(resolve));
        expect(unhandled).toEqual([]);
      } finally {
        await database.close();
      }
    });
  });

  it('fails the query it was running, and runs the next one on a new backend (a fast shutdown mid-query)', { timeout: 60_000 }, async () => {
    const { url, terminated } = await startTerminatingProxy(await targetDatabase(), 'interrupted-by-shutdown');
    const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 1 });
    const sql = sqlExecutorFor(database.db);
    try {
      await expect(sql.executeSql(`select 'interrupted-by-shutdown' as answer`)).rejects.toThrow();
      expect(terminated()).toBe(1);
      const { rows } = await sql.executeSql('select 42 as answer');
      expect(rows).toEqual([{ answer: 42 }]);
    } finally {
      await database.close();
    }
  });
});
