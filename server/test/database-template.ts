import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { startServices } from '../bootstrap';
import { loadConfig } from '../config';
import { newId } from '../db/ids';

/**
 * Vitest global setup: one migrated database per run (the schema, pg-boss's tables and every job
 * queue) that each test file's database starts as a copy of, instead of each file creating and
 * migrating its own: an embedded database restored from a snapshot (`loadDataDir`) opens in a
 * fraction of the time `initdb` and the migrations take, and on Postgres `CREATE DATABASE …
 * TEMPLATE` copies files instead of replaying SQL. Test files still each get their own database.
 */
export type DatabaseTemplate = { pgliteSnapshotPath?: string; postgresTemplate?: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const snapshot = await migratedSnapshot(undefined);
    const snapshotPath = path.join(tmpdir(), `socialdesk-test-template-${process.pid}-${newId().slice(0, 8)}.tar`);
    writeFileSync(snapshotPath, Buffer.from(await snapshot!.arrayBuffer()));
    project.provide('databaseTemplate', { pgliteSnapshotPath: snapshotPath });
    return async () => rmSync(snapshotPath, { force: true });
  }
  const name = `sd_template_${newId().slice(0, 10)}`;
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  await migratedSnapshot(url.toString());
  // Nobody may connect to it from now on: a session on the template would make every copy fail.
  await admin.unsafe(`alter database ${name} with is_template true allow_connections false`);
  await admin.unsafe(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
  project.provide('databaseTemplate', { postgresTemplate: name });
  return async () => {
    await admin.unsafe(`alter database ${name} with is_template false`);
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}

/** Starts the services once on the database (migrations, pg-boss, queues); answers PGlite's files. */
async function migratedSnapshot(databaseUrl: string | undefined): Promise<Blob | undefined> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const services = await startServices(config, { work: false });
  try {
    return await services.database.driver.pglite?.dumpDataDir('none');
  } finally {
    await services.stop();
  }
}
