/**
 * Run by pglite-panic-guard.test.ts in a child process (a guard that failed would freeze the
 * process it runs in, test runner included): an embedded database on the almost empty disk
 * `argv[2]`, a committed write, then the disk fills and the next write needs a new WAL segment.
 * Prints one JSON line with what each step saw.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fillDisk } from '../test/small-disk';
import { guardAgainstPanic } from './pglite-panic-guard';

const dir = process.argv[2]!;
const seen: Record<string, unknown> = {};
const describe = (error: unknown) => ({
  name: (error as Error).constructor.name,
  code: (error as { code?: unknown }).code,
  severity: (error as { severity?: unknown }).severity,
  message: (error as Error).message,
});

const pglite = new PGlite(path.join(dir, 'pglite'));
await pglite.waitReady;
const guard = guardAgainstPanic(pglite, (panic) => (seen.onPanic = panic.message));
await pglite.exec('create table marks (n int); insert into marks values (1)');

await fillDisk(dir, 0);
// The next write opens a new 16 MB segment, which no longer fits.
await pglite.query('select pg_switch_wal()');
try {
  await pglite.query('update marks set n = 2');
  seen.write = 'committed';
} catch (error) {
  seen.write = describe(error);
}
const started = Date.now();
try {
  await pglite.query('select n from marks');
  seen.next = 'answered';
} catch (error) {
  seen.next = { ...describe(error), ms: Date.now() - started };
}
seen.stopped = guard.stopped?.message ?? null;
// The event loop still turns (a frozen process never gets here).
await new Promise((resolve) => setTimeout(resolve, 10));
await pglite.close().then(
  () => (seen.close = 'closed'),
  (error: unknown) => (seen.close = describe(error)),
);
process.stdout.write(`${JSON.stringify(seen)}\n`);
process.exit(0);
