import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { createLogger, type Logger } from '../logger';
import { ensurePrivateDir } from '../private-dir';
import { DatabaseAvailability } from './availability';
import { guardAgainstPanic } from './pglite-panic-guard';
import { PostgresListener } from './postgres-listener';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the pool or an open transaction. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** The driver underneath, for the few places that need it (LISTEN, pg-boss, migrations). */
  driver: { pglite: PGlite; sql?: never } | { sql: postgres.Sql; pglite?: never };
  url?: string;
  /** Whether the database answers, as the components using it have seen (see availability.ts). */
  availability: DatabaseAvailability;
  /** The connection of this process's LISTENs (Postgres only; PGlite delivers in process). */
  listener?: PostgresListener;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string;
  /** A directory for the embedded database, or `memory://` for a throwaway one. */
  dataDir: string;
  poolSize?: number;
  logger?: Logger;
  /**
   * For `memory://`: an embedded database opened elsewhere and handed back on close instead of
   * closed (the test suite's per-worker pool, server/test/embedded-database-pool.ts).
   */
  embedded?: EmbeddedDatabaseLease;
};

/** An open embedded database lent to one app; `release` takes it back when the app closes it. */
export type EmbeddedDatabaseLease = { pglite: PGlite; release(): Promise<void> };

/**
 * A query waits this long for a connection before it fails: while the database is away, API
 * requests answer 503 within seconds instead of hanging (postgres.js waits 30 s by default).
 */
const CONNECT_TIMEOUT_SECONDS = 5;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const logger = options.logger ?? createLogger('silent');
  if (options.databaseUrl) {
    const sql = postgres(options.databaseUrl, {
      max: options.poolSize ?? 10,
      connect_timeout: CONNECT_TIMEOUT_SECONDS,
      // postgres.js waits before reconnecting a connection that failed, up to 20 s after a few
      // failures, and a query queued on it waits that long. Keep it under a second (with jitter):
      // requests during an outage answer 503 at once, and the first after it succeeds.
      backoff: (retries: number) => Math.min(1, 0.05 * 2 ** retries) * (0.5 + Math.random() / 2),
      onnotice: () => {},
      // Keep timestamps as JS dates and bigint counts as numbers where they fit.
      types: { bigint: postgres.BigInt },
    });
    const db = drizzlePostgres({ client: sql, schema, casing: 'snake_case' }) as unknown as Database;
    const availability = new DatabaseAvailability({ logger, probe: () => sql`select 1` });
    const listener = new PostgresListener(options.databaseUrl, availability, logger);
    return {
      kind: 'postgres',
      db,
      driver: { sql },
      url: options.databaseUrl,
      availability,
      listener,
      async close() {
        availability.stop();
        await listener.close();
        await sql.end({ timeout: 5 });
      },
    };
  }
  const lease = options.dataDir === 'memory://' ? options.embedded : undefined;
  const pglite = lease ? lease.pglite : options.dataDir === 'memory://' ? new PGlite() : await openPgliteDir(options.dataDir);
  await pglite.waitReady;
  // A PANIC (a WAL write on a full disk) leaves the instance dead, and the next statement would
  // freeze the whole process: refuse every later call at once instead (503 through availability;
  // restart the process once space is freed, see decision 068). A lent instance is guarded by its owner.
  if (!lease) {
    guardAgainstPanic(pglite, (panic) =>
      logger.error('embedded database stopped after a fatal error: free disk space, then restart SocialDesk', { error: panic.message }),
    );
  }
  const db = drizzlePglite({ client: pglite, schema, casing: 'snake_case' }) as unknown as Database;
  // The embedded database lives in this process: it cannot go away while the process runs.
  const availability = new DatabaseAvailability({ logger, probe: () => pglite.query('select 1') });
  return {
    kind: 'pglite',
    db,
    driver: { pglite },
    availability,
    async close() {
      availability.stop();
      await (lease ? lease.release() : pglite.close());
    },
  };
}

async function openPgliteDir(dataDir: string): Promise<PGlite> {
  const dir = `${dataDir}/pglite`;
  ensurePrivateDir(dataDir);
  ensurePrivateDir(dir);
  return new PGlite(dir);
}
