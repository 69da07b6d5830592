import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import type { EmbeddedDatabaseLease } from '../db/client';
import { guardAgainstPanic } from '../db/pglite-panic-guard';
// The type of inject('databaseTemplate'); erased at run time, so workers do not load the app for it.
import type {} from './database-template';

/**
 * The embedded databases of one Vitest worker. Opening an in-memory PGlite from the run's migrated
 * snapshot costs about two CPU-seconds (40 MB of files unpacked, Postgres started in WebAssembly),
 * while the tests of a file often take less; test files run one after another in a worker, so a
 * file's database is handed to the next file instead of closed, after being reset to what a fresh
 * copy of the snapshot holds: every row of the app's tables and pg-boss's jobs, schedules and
 * subscriptions deleted, sequences restarted, session state and LISTENs dropped. The template's
 * own rows (the migrations journal, pg-boss's version and queues) are never written by tests.
 * A file that needs two databases at once gets a second instance.
 */
type Pooled = { pglite: PGlite; guard: { readonly stopped: Error | null }; resetSql: string };

const idle: Pooled[] = [];

export async function leaseEmbeddedDatabase(): Promise<EmbeddedDatabaseLease> {
  const pooled = idle.pop() ?? (await openFromTemplate());
  // What the app subscribes to, so that the next file's app never hears this one's listeners.
  const unsubscribes: (() => Promise<void>)[] = [];
  const listen = pooled.pglite.listen.bind(pooled.pglite);
  pooled.pglite.listen = async (...args: Parameters<PGlite['listen']>) => {
    const unsubscribe = await listen(...args);
    unsubscribes.push(unsubscribe);
    return unsubscribe;
  };
  return {
    pglite: pooled.pglite,
    async release() {
      pooled.pglite.listen = listen;
      try {
        for (const unsubscribe of unsubscribes) await unsubscribe();
        if (pooled.guard.stopped || pooled.pglite.closed) throw new Error('the embedded database stopped');
        await pooled.pglite.exec(pooled.resetSql);
        idle.push(pooled);
      } catch {
        // A database a test broke (stopped, closed, a reset that failed) is not lent again.
        if (!pooled.pglite.closed) await pooled.pglite.close().catch(() => {});
      }
    },
  };
}

async function openFromTemplate(): Promise<Pooled> {
  const snapshotPath = inject('databaseTemplate')?.pgliteSnapshotPath;
  const pglite = new PGlite(snapshotPath ? { loadDataDir: new Blob([readFileSync(snapshotPath)]) } : {});
  await pglite.waitReady;
  const guard = guardAgainstPanic(pglite, () => {});
  return { pglite, guard, resetSql: await resetStatement(pglite) };
}

/** Empties what tests write: the app's tables (all in `public`) and pg-boss's jobs and schedules. */
async function resetStatement(pglite: PGlite): Promise<string> {
  const { rows } = await pglite.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition
       and (n.nspname = 'public' or (n.nspname = 'pgboss' and c.relname in ('job', 'archive', 'schedule', 'subscription')))
     order by 1`,
  );
  return [`truncate ${rows.map((row) => row.name).join(', ')} restart identity cascade`, 'select pg_advisory_unlock_all()', 'unlisten *', 'reset all'].join(
    ';\n',
  );
}
