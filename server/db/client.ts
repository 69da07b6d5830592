import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { ensurePrivateDir } from '../private-dir';
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
  close(): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string;
  /** A directory for the embedded database, or `memory://` for a throwaway one. */
  dataDir: string;
  poolSize?: number;
};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const sql = postgres(options.databaseUrl, {
      max: options.poolSize ?? 10,
      onnotice: () => {},
      // Keep timestamps as JS dates and bigint counts as numbers where they fit.
      types: { bigint: postgres.BigInt },
    });
    const db = drizzlePostgres({ client: sql, schema, casing: 'snake_case' }) as unknown as Database;
    return { kind: 'postgres', db, driver: { sql }, url: options.databaseUrl, close: () => sql.end({ timeout: 5 }) };
  }
  const pglite = options.dataDir === 'memory://' ? new PGlite() : await openPgliteDir(options.dataDir);
  await pglite.waitReady;
  const db = drizzlePglite({ client: pglite, schema, casing: 'snake_case' }) as unknown as Database;
  return { kind: 'pglite', db, driver: { pglite }, close: () => pglite.close() };
}

async function openPgliteDir(dataDir: string): Promise<PGlite> {
  const dir = `${dataDir}/pglite`;
  ensurePrivateDir(dataDir);
  ensurePrivateDir(dir);
  return new PGlite(dir);
}
