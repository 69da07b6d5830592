import postgres from 'postgres';
import { inject } from 'vitest';
import { newId } from '../db/ids';
// The type of inject('databaseTemplate'); erased at run time, so workers do not load the app for it.
import type {} from './database-template';

/**
 * For tests that start real server processes: a database of their own on the Postgres of
 * DATABASE_URL (dropped afterwards), or nothing when the embedded database is in use.
 */
export async function freshDatabaseUrl(prefix: string): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  if (!process.env.DATABASE_URL) return { url: undefined, drop: async () => {} };
  const name = `${prefix}_${newId().slice(0, 10)}`;
  const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  // A copy of the run's migrated template (database-template.ts), when the run made one.
  const template = inject('databaseTemplate')?.postgresTemplate;
  await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
